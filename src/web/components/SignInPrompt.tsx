import { lazy, Suspense, useCallback, useState } from 'react';

// The dialog is fetched when a visitor first needs it, not with every page that shows a vote button (docs/notes/web-performance.md).
const SignInPromptDialog = lazy(() => import('./dialogs/SignInPromptDialog'));

export type SignInReason = 'vote' | 'save' | 'comment' | 'like' | 'answer';

/**
 * What a visitor sees on pressing vote, save, comment or like (docs/notes/web-everyday.md): a small modal dialog, never an error toast,
 * with "Log in" and "Create account". Both come back to this page afterwards: the login screen reads `from`, and the
 * page is also remembered on the device for the first sign-in after a new account's email is verified.
 *
 * A native <dialog> opened with showModal(): the browser traps focus, makes the page behind it inert and closes it on
 * Escape; focus goes back to the button that opened it.
 */
export function useSignInPrompt() {
  const [reason, setReason] = useState<SignInReason | null>(null);
  const ask = useCallback((why: SignInReason) => setReason(why), []);
  const close = useCallback(() => setReason(null), []);
  const prompt = reason ? (
    <Suspense fallback={null}>
      <SignInPromptDialog reason={reason} onClose={close} />
    </Suspense>
  ) : null;
  return { ask, prompt };
}
