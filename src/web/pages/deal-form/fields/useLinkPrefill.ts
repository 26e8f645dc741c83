import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isHttpUrl } from '../../../../shared/schemas/common';
import { PREFILL_FAILED, type Prefill, type PrefillField } from '../../../../shared/schemas/deals/posting';
import { ApiError } from '../../../api/client';
import { usePrefill } from '../../../api/deals/posting';
import type { DealFormValues } from '../payload';
import type { DealFormInput } from '../useDealResolver';

export interface PrefillState {
  url: string;
  status: 'reading' | 'filled' | 'failed';
  filled: PrefillField[];
  message?: string;
  /** A shop name to offer when the link's site is not one of ours. */
  newShop?: { host: string; name: string };
}

type Form = UseFormReturn<DealFormInput, unknown, DealFormValues>;

/**
 * Paste a link, get a filled form (docs/notes/posting.md): the server reads the page; what it found goes into the
 * fields the member has left empty (never over what they typed), the picture becomes the deal's image until they
 * choose another, and the shop is picked when the link's site is known. A page that cannot be read leaves the form
 * as it was with a short note.
 */
export function useLinkPrefill(form: Form, onImage: (image: { imageUrl: string; thumbnailUrl: string | null }) => void) {
  const prefill = usePrefill();
  const [state, setState] = useState<PrefillState | null>(null);
  const lastUrl = useRef('');

  const apply = (url: string, p: Prefill) => {
    // The member may have moved on to another link while this one was read.
    if (form.getValues('dealUrl').trim() !== url) return;
    const submitted = form.formState.isSubmitted;
    const fill = (name: keyof DealFormInput, value: string | number | null) => {
      if (value === null || value === '') return false;
      const current = form.getValues(name);
      if (current !== '' && current !== undefined && current !== null) return false;
      form.setValue(name, value as never, { shouldDirty: true, shouldValidate: submitted });
      return true;
    };
    const filled = new Set<PrefillField>();
    if (fill('title', p.title)) filled.add('title');
    if (fill('description', p.description)) filled.add('description');
    if (p.price !== null && fill('price', p.price.toFixed(2))) filled.add('price');
    if (p.originalPrice !== null && fill('originalPrice', p.originalPrice.toFixed(2))) filled.add('originalPrice');
    if (p.store && fill('storeId', p.store.id)) filled.add('store');
    if (p.imageUrl) {
      onImage({ imageUrl: p.imageUrl, thumbnailUrl: p.thumbnailUrl });
      filled.add('image');
    }
    setState({
      url,
      status: 'filled',
      filled: p.filled.filter((f) => filled.has(f)),
      newShop: !p.store && p.shopHost && p.shopName ? { host: p.shopHost, name: p.shopName } : undefined,
    });
  };

  const read = (raw: string) => {
    const url = raw.trim();
    if (!isHttpUrl(url) || url === lastUrl.current) return;
    lastUrl.current = url;
    setState({ url, status: 'reading', filled: [] });
    prefill.mutate(url, {
      onSuccess: (p) => apply(url, p),
      onError: (err) => {
        if (lastUrl.current !== url) return;
        const message = err instanceof ApiError && err.status === 422 && err.message ? err.message : PREFILL_FAILED;
        setState({ url, status: 'failed', filled: [], message });
      },
    });
  };

  return { state, read };
}
