import { ExternalLink, Store as StoreIcon } from 'lucide-react';
import { useState } from 'react';
import type { Store } from '../../../../shared/api';
import type { StoreInput } from '../../../../shared/schemas/catalog';
import { createStore, deleteStore, updateStore, uploadStoreLogo, useAdminStores } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../lib/toast';
import { CatalogPage } from './CatalogPage';
import { StoreModal } from './StoreModal';
import { useCatalogEditor } from './useCatalogEditor';

export default function StoresPage() {
  const { data: stores = [], isPending, isError } = useAdminStores();
  const editor = useCatalogEditor<Store>(
    {
      created: 'Store created successfully',
      updated: 'Store updated successfully',
      createFailed: 'Error creating store',
      updateFailed: 'Error updating store',
      deleted: 'Store deleted successfully',
      deleteFailed: 'Error deleting store',
    },
    deleteStore,
  );

  const save = (values: StoreInput, logo: File | null) =>
    editor.save(
      (editing) => (editing ? updateStore(editing.id, values) : createStore(values)),
      // The store exists now; a failed logo upload is reported on its own and the admin can retry from Edit.
      async (saved, editing) => {
        const id = saved?.id ?? editing?.id;
        if (!logo || !id) return true;
        try {
          await uploadStoreLogo(id, logo);
          return true;
        } catch (err) {
          toast.error(errorMessage(err, 'Error uploading logo'));
          return false;
        }
      },
    );

  return (
    <CatalogPage
      texts={{
        title: 'Stores',
        subtitle: 'Merchants deals are posted for, with their logos.',
        add: 'Add Store',
        loading: 'Loading stores',
        loadFailed: 'Error loading stores',
        empty: 'No stores found',
        deleteBlocked: 'Cannot delete store with deals',
        deleteTitle: 'Delete Store',
        deleteMessage: 'Are you sure you want to delete this store? This action cannot be undone.',
      }}
      list={{ items: stores, isPending, isError }}
      editor={editor}
      rowTestId="store-row"
      columns={
        <>
          <th scope="col" className="px-4 py-3">
            Store
          </th>
          <th scope="col" className="hidden px-4 py-3 md:table-cell">
            Website
          </th>
        </>
      }
      cells={(s) => (
        <>
          <td className="px-4 py-3">
            <div className="flex items-center gap-3">
              <StoreLogo store={s} />
              <span className="font-medium text-slate-900">{s.name}</span>
            </div>
          </td>
          <td className="hidden max-w-xs px-4 py-3 md:table-cell">
            {s.url ? (
              <a href={s.url} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1 truncate text-emerald-700 hover:underline">
                <span className="truncate">{s.url.replace(/^https?:\/\/(www\.)?/, '')}</span>
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              </a>
            ) : (
              <span className="text-slate-400">—</span>
            )}
          </td>
        </>
      )}
      modal={<StoreModal open={editor.modalOpen} store={editor.editing} busy={editor.saving} onClose={editor.closeModal} onSave={save} />}
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
