import { Trash2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { useLocalizeImage } from '../../../api/admin/admin-deals';
import { btnDangerOutline, btnSecondary } from '../components/buttons';
import { type FormIn, type FormOut, numberOrNull } from './edit-form';
import { imageKind } from './image-kind';
import { ImagePanel } from './ImagePanel';
import { promoteUrl } from './promote-on-x';

interface Props {
  form: UseFormReturn<FormIn, unknown, FormOut>;
  deal: Deal;
  stores: Store[];
  onDelete: () => void;
}

/** The edit form's side column: the image (with Localize Image) and the deal's actions. */
export function DealSidebar({ form, deal, stores, onDelete }: Props) {
  const localize = useLocalizeImage(deal.id);
  const [title, imageUrl, status, storeId, price, originalPrice] = form.watch(['title', 'imageUrl', 'status', 'storeId', 'price', 'originalPrice']);
  const image = String(imageUrl ?? '');
  const storeName = stores.find((s) => String(s.id) === String(storeId))?.name ?? deal.store?.name ?? null;
  // Only a live deal with a picture of our own is worth a post.
  const canPromote = status === 'active' && imageKind(image) === 'local';

  const onLocalize = () =>
    localize.mutate(image.trim(), { onSuccess: (data) => form.setValue('imageUrl', data.imageUrl, { shouldDirty: true, shouldValidate: true }) });

  return (
    <aside className="space-y-4">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="image-heading">
        <h2 id="image-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Image
        </h2>
        <ImagePanel imageUrl={image} title={String(title ?? '')} localizing={localize.isPending} onLocalize={onLocalize} />
      </section>
      <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Deal actions">
        {canPromote && (
          <a
            href={promoteUrl({
              id: deal.id,
              title: String(title ?? ''),
              storeName,
              price: numberOrNull(price),
              originalPrice: numberOrNull(originalPrice),
              origin: window.location.origin,
            })}
            target="_blank"
            rel="noopener noreferrer"
            className={`${btnSecondary} w-full`}
          >
            <XLogo />
            Promote on X
          </a>
        )}
        <button type="button" onClick={onDelete} className={`${btnDangerOutline} w-full`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete Deal
        </button>
      </section>
    </aside>
  );
}

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="currentColor">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}
