import { toast } from '../../../lib/toast';
import { copyText } from './clipboard';

/** Web Share API where the browser has it; otherwise the link is copied. */
export async function shareDeal(title: string, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: `${title} on QuidsIn`, url });
      return;
    } catch (err) {
      // The user closing the share sheet is not an error.
      if ((err as Error)?.name === 'AbortError') return;
    }
  }
  if (await copyText(url)) toast.success('Link copied to clipboard');
  else toast.error('Could not copy the link');
}
