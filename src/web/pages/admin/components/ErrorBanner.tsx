import { CloseButton } from '../../../components/dialogs/DialogParts';

/** An error the admin can dismiss once read. */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="flex-1">{message}</p>
      <CloseButton
        label="Dismiss error"
        onClick={onDismiss}
        small
        className="rounded p-1 text-red-700 hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
      />
    </div>
  );
}
