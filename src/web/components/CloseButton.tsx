import { X } from 'lucide-react';

interface Props {
  /** What the button does, for screen readers ("Close", "Dismiss error"): it shows only a cross. */
  label: string;
  onClick: () => void;
  /** Colours, padding, focus ring and placement, as the surrounding panel wants them. */
  className: string;
  /** The cross at 16 px instead of 20 px, for a banner or a line of text. */
  small?: boolean;
  disabled?: boolean;
}

/** The cross button that closes a dialog, dismisses a banner or clears a choice. */
export function CloseButton({ label, onClick, className, small = false, disabled }: Props) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={label} className={className}>
      <X className={small ? 'h-4 w-4' : 'h-5 w-5'} aria-hidden="true" />
    </button>
  );
}
