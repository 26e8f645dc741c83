import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { CatalogRowActions } from './CatalogRowActions';
import type { CatalogEditor } from './useCatalogEditor';

interface CatalogItem {
  id: number;
  name: string;
  dealsCount?: number;
}

/** The words of one catalog list page; each list passes its own so every text stays findable as written. */
export interface CatalogTexts {
  title: string;
  subtitle: string;
  add: string;
  loading: string;
  loadFailed: string;
  empty: string;
  deleteBlocked: string;
  deleteTitle: string;
  deleteMessage: string;
}

interface Props<T extends CatalogItem> {
  texts: CatalogTexts;
  list: { items: T[]; isPending: boolean; isError: boolean };
  editor: CatalogEditor<T>;
  /** The header cells of the columns before Deals. */
  columns: ReactNode;
  /** The cells of those columns for one row. */
  cells: (item: T) => ReactNode;
  rowTestId: string;
  /** The add/edit form, driven by `editor`. */
  modal: ReactNode;
}

/** An admin catalog list (categories or stores): add button, the table with deal counts and row actions, delete confirmation. */
export function CatalogPage<T extends CatalogItem>({ texts, list, editor, columns, cells, rowTestId, modal }: Props<T>) {
  const { items, isPending, isError } = list;
  return (
    <div>
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <button type="button" onClick={() => editor.openModal(null)} className={btnPrimary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {texts.add}
          </button>
        }
      />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {isPending ? (
          <Spinner label={texts.loading} />
        ) : isError ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            {texts.loadFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">{texts.empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  {columns}
                  <th scope="col" className="px-4 py-3 text-right">
                    Deals
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id} className="hover:bg-slate-50" data-testid={rowTestId}>
                    {cells(item)}
                    <td className="px-4 py-3 text-right tabular-nums text-slate-700">{item.dealsCount ?? 0}</td>
                    <td className="px-4 py-3">
                      <CatalogRowActions
                        name={item.name}
                        dealsCount={item.dealsCount ?? 0}
                        blockedTitle={texts.deleteBlocked}
                        onEdit={() => editor.openModal(item)}
                        onDelete={() => editor.askDelete(item)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {modal}
      <ConfirmDialog
        open={!!editor.toDelete}
        title={texts.deleteTitle}
        message={texts.deleteMessage}
        busy={editor.deleting}
        busyLabel="Deleting..."
        onConfirm={editor.remove}
        onClose={editor.cancelDelete}
      />
    </div>
  );
}
