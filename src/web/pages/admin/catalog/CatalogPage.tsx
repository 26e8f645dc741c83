import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { CatalogRowActions } from './CatalogRowActions';
import type { CatalogTexts } from './catalog-texts';
import type { CatalogEditor } from './useCatalogEditor';
import { type Column, Table } from '../components/Table';

interface CatalogItem {
  id: number;
  name: string;
  dealsCount?: number;
}

interface Props<T extends CatalogItem, V> {
  texts: CatalogTexts;
  list: { items: T[]; isPending: boolean; isError: boolean };
  editor: CatalogEditor<T, V>;
  /** The columns before Deals. */
  columns: Column[];
  /** The cells of those columns for one row. */
  cells: (item: T) => ReactNode;
  rowTestId: string;
  /** The add/edit form, driven by `editor`. */
  modal: ReactNode;
}

/** An admin catalog list (categories or stores): add button, the table with deal counts and row actions, delete confirmation. */
export function CatalogPage<T extends CatalogItem, V>({ texts, list, editor, columns, cells, rowTestId, modal }: Props<T, V>) {
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
          <Table
            columns={[...columns, { label: 'Deals', className: 'text-right' }, { label: <span className="sr-only">Actions</span>, className: 'text-right' }]}
          >
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
          </Table>
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
