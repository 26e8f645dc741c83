import { LogIn } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../Link';
import { rememberReturnTo } from '../../app/last-page';
import type { SignInReason } from '../SignInPrompt';
import { CloseButton, NativeModal } from './DialogParts';

const COPY: Record<SignInReason, { title: string; text: string }> = {
  vote: { title: 'Log in to vote', text: 'Members vote deals hot or cold, so the real bargains rise to the top. It takes a minute to join, and it is free.' },
  save: { title: 'Log in to save this deal', text: 'Keep the deals you like in one list and come back to them later. Joining is free.' },
  comment: { title: 'Log in to comment', text: 'Ask a question, share a tip or tell others how the deal went. Joining is free.' },
  like: { title: 'Log in to like comments', text: 'Show which comments helped you. Joining is free.' },
  answer: { title: 'Log in to say whether it worked', text: 'Your answer keeps every code’s success rate honest for the next shopper. Joining is free.' },
};

/** The sign-in prompt's dialog (see useSignInPrompt in SignInPrompt.tsx), in its own chunk. */
export default function SignInPromptDialog({ reason, onClose }: { reason: SignInReason; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const location = useLocation();
  const from = location.pathname + location.search + location.hash;
  const { title, text } = COPY[reason];

  const button =
    'inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-4 py-2.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2';
  return (
    <NativeModal
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="sign-in-prompt"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-0 text-left shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="relative p-5">
        <CloseButton
          label="Close"
          onClick={onClose}
          className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        />
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <LogIn className="h-5 w-5" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="mt-3 pr-8 text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p id={textId} className="mt-1 text-sm text-slate-600">
          {text}
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link to="/login" state={{ from }} className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>
            Log in
          </Link>
          <Link
            to="/register"
            state={{ from }}
            onClick={() => rememberReturnTo(from)}
            className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
          >
            Create account
          </Link>
        </div>
      </div>
    </NativeModal>
  );
}
