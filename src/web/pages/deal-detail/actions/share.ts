import { toast } from '../../../lib/toast/toast';
import { copyText } from './clipboard';

/**
 * The phone's share sheet (Web Share API) where the browser has one; otherwise `showLinks` opens the share links (X,
 * WhatsApp, Facebook, email) beside Copy link.
 */
export async function shareDeal(title: string, url: string, showLinks: () => void) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: `${title} on QuidsIn`, url });
      return;
    } catch (err) {
      // The user closing the share sheet is not an error.
      if ((err as Error)?.name === 'AbortError') return;
    }
  }
  showLinks();
}

export async function copyDealLink(url: string) {
  if (await copyText(url)) toast.success('Link copied to clipboard');
  else toast.error('Could not copy the link');
}

/** Where each service takes a shared link. */
export function shareLinks(title: string, url: string) {
  const t = encodeURIComponent(title);
  const u = encodeURIComponent(url);
  return [
    { label: 'X', href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'Email', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}` },
  ];
}
