import { ExternalLink, Store as StoreIcon } from 'lucide-react';
import { useState } from 'react';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { type StoreValues, useAdminStores, useDeleteStore, useSaveStore } from '../../../api/admin/admin-catalog';
import { CatalogPage } from './CatalogPage';
import { catalogTexts } from './catalog-texts';
import { ShopReview } from './ShopReview';
import { StoreModal } from './StoreModal';
import { catalogModalProps, useCatalogEditor } from './useCatalogEditor';

const TEXTS = catalogTexts('store', 'stores', 'Merchants deals are posted for, with their logos. Shops members named come first until you confirm them.');
const COLUMNS = [{ label: 'Store' }, { label: 'Website', className: 'hidden md:table-cell' }];

export default function StoresPage() {
  const { data: stores = [], isPending, isError } = useAdminStores();
  const editor = useCatalogEditor<Store, StoreValues>(TEXTS, useSaveStore(), useDeleteStore());
  return (
    <CatalogPage
      texts={TEXTS}
      list={{ items: stores, isPending, isError }}
      editor={editor}
      rowTestId="store-row"
      columns={COLUMNS}
      cells={(s) => (
        <>
          <td className="px-4 py-3">
            <div className="flex items-center gap-3">
              <StoreLogo store={s} />
              <div className="min-w-0">
                <span className="font-medium text-slate-900">{s.name}</span>
                <ShopReview store={s} stores={stores} />
              </div>
            </div>
          </td>
          <td className="hidden max-w-xs px-4 py-3 md:table-cell">
            {s.url ? (
              <a
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex max-w-full items-center gap-1 truncate text-emerald-700 hover:underline"
              >
                <span className="truncate">{s.url.replace(/^https?:\/\/(www\.)?/, '')}</span>
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              </a>
            ) : (
              <span className="text-slate-400">—</span>
            )}
          </td>
        </>
      )}
      modal={<StoreModal {...catalogModalProps(editor, TEXTS)} />}
    />
  );
}

function StoreLogo({ store }: { store: Store }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
      {store.logoUrl && !failed ? (
        <img src={store.logoUrl} alt="" width={36} height={36} loading="lazy" onError={() => setFailed(true)} className="h-full w-full object-contain" />
      ) : (
        <StoreIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />
      )}
    </span>
  );
}
