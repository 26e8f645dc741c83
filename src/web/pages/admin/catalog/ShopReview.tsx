import { useId, useState } from 'react';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { errorMessage } from '../../../api/client';
import { useConfirmStore, useMergeStore } from '../../../api/admin/admin-catalog';
import { toast } from '../../../lib/toast/toast';
import { btnPrimary, btnSecondary, inputClass, labelClass } from '../components/buttons';
import { Modal } from '../components/Modal';

/**
 * A shop a member named for a site we did not know (docs/notes/posting.md): the team confirms it as it is, merges it
 * into a shop we have (its deals move), or renames it and gives it a logo with Edit (which confirms it too).
 */
export function ShopReview({ store, stores }: { store: Store; stores: Store[] }) {
  const id = useId();
  const confirm = useConfirmStore();
  const merge = useMergeStore();
  const [merging, setMerging] = useState(false);
  const [intoId, setIntoId] = useState('');
  if (store.confirmed) return null;
  const others = stores.filter((s) => s.id !== store.id);

  const doConfirm = () =>
    confirm.mutate(store.id, {
      onSuccess: () => toast.success(`${store.name} confirmed`),
      onError: (err) => toast.error(errorMessage(err, 'Failed to confirm the shop')),
    });
  const doMerge = () => {
    const target = others.find((s) => s.id === Number(intoId));
    if (!target) return;
    merge.mutate(
      { id: store.id, intoId: target.id },
      {
        onSuccess: (r) => {
          toast.success(`${store.name} merged into ${target.name} (${r.moved} ${r.moved === 1 ? 'deal' : 'deals'} moved)`);
          setMerging(false);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to merge the shop')),
      },
    );
  };

  return (
    <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="shop-review">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Unconfirmed</span>
      {store.domain && <span className="text-xs text-slate-500">{store.domain}</span>}
      <button type="button" onClick={doConfirm} disabled={confirm.isPending} className="text-xs font-semibold text-emerald-700 hover:underline">
        Confirm {store.name}
      </button>
      <button type="button" onClick={() => setMerging(true)} className="text-xs font-semibold text-slate-700 hover:underline">
        Merge {store.name}
      </button>
      <Modal open={merging} title={`Merge ${store.name}`} onClose={() => setMerging(false)} busy={merge.isPending}>
        <p className="text-sm text-slate-600">Its deals move to the shop you choose, which also learns its site; {store.name} is then removed.</p>
        <label htmlFor={id} className={`${labelClass} mt-4`}>
          Merge into
        </label>
        <select id={id} value={intoId} onChange={(e) => setIntoId(e.target.value)} className={`${inputClass} mt-1`}>
          <option value="">Choose a shop</option>
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={btnSecondary} onClick={() => setMerging(false)} disabled={merge.isPending}>
            Cancel
          </button>
          <button type="button" className={btnPrimary} onClick={doMerge} disabled={!intoId || merge.isPending}>
            {merge.isPending ? 'Merging...' : 'Merge'}
          </button>
        </div>
      </Modal>
    </div>
  );
}
