import { ExternalLink, Plus, Store as StoreIcon } from 'lucide-react';
import { useState } from 'react';
import type { Store } from '../../../../shared/api';
import type { StoreInput } from '../../../../shared/schemas/catalog';
import { createStore, deleteStore, updateStore, uploadStoreLogo, useAdminStores, useInvalidateCatalog } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { CatalogRowActions } from './CatalogRowActions';
import { StoreModal } from './StoreModal';

export default function StoresPage() {
  const { data: stores = [], isPending, isError } = useAdminStores();
  const invalidate = useInvalidateCatalog();
  const [editing, setEditing] = useState<Store | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Store | null>(null);
  const [deleting, setDeleting] = useState(false);

  const openModal = (store: Store | null) => {
    setEditing(store);
    setModalOpen(true);
  };

  const save = async (values: StoreInput, logo: File | null) => {
    setSaving(true);
    let saved: Store;
    try {
      saved = editing ? await updateStore(editing.id, values) : await createStore(values);
    } catch (err) {
      toast.error(errorMessage(err, editing ? 'Error updating store' : 'Error creating store'));
      setSaving(false);
      return;
    }
    // The store exists now; a failed logo upload is reported on its own and the admin can retry from Edit.
    const id = saved?.id ?? editing?.id;
    let logoOk = true;
    if (logo && id) {
      try {
        await uploadStoreLogo(id, logo);
      } catch (err) {
        logoOk = false;
        toast.error(errorMessage(err, 'Error uploading logo'));
      }
    }
    if (logoOk) toast.success(editing ? 'Store updated successfully' : 'Store created successfully');
    setSaving(false);
    setModalOpen(false);
    invalidate();
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteStore(toDelete.id);
      toast.success('Store deleted successfully');
      setToDelete(null);
      invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Error deleting store'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div>
      <PageHeader
        title="Stores"
        subtitle="Merchants deals are posted for, with their logos."
        actions={
          <button type="button" onClick={() => openModal(null)} className={btnPrimary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Store
          </button>
        }
      />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {isPending ? (
          <Spinner label="Loading stores" />
        ) : isError ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            Error loading stores
          </p>
        ) : stores.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">No stores found</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Store
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Website
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Deals
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {stores.map((s) => (
                  <tr key={s.id} className="hover:bg-slate-50" data-testid="store-row">
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
                    <td className="px-4 py-3 text-right tabular-nums text-slate-700">{s.dealsCount ?? 0}</td>
                    <td className="px-4 py-3">
                      <CatalogRowActions
                        name={s.name}
                        dealsCount={s.dealsCount ?? 0}
                        blockedTitle="Cannot delete store with deals"
                        onEdit={() => openModal(s)}
                        onDelete={() => setToDelete(s)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <StoreModal open={modalOpen} store={editing} busy={saving} onClose={() => setModalOpen(false)} onSave={save} />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete Store"
        message="Are you sure you want to delete this store? This action cannot be undone."
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </div>
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
