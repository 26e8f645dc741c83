import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Category } from '../../../../shared/api';
import type { CategoryInput } from '../../../../shared/schemas/catalog';
import { createCategory, deleteCategory, updateCategory, useAdminCategories, useInvalidateCatalog } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import { CategoryIcon } from '../../../components/CategoryIcon';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { CatalogRowActions } from './CatalogRowActions';
import { CategoryModal } from './CategoryModal';

export default function CategoriesPage() {
  const { data: categories = [], isPending, isError } = useAdminCategories();
  const invalidate = useInvalidateCatalog();
  const [editing, setEditing] = useState<Category | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState(false);

  const openModal = (category: Category | null) => {
    setEditing(category);
    setModalOpen(true);
  };

  const save = async (values: CategoryInput) => {
    setSaving(true);
    try {
      if (editing) await updateCategory(editing.id, values);
      else await createCategory(values);
      toast.success(editing ? 'Category updated successfully' : 'Category created successfully');
      setModalOpen(false);
      invalidate();
    } catch (err) {
      toast.error(errorMessage(err, editing ? 'Error updating category' : 'Error creating category'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCategory(toDelete.id);
      toast.success('Category deleted successfully');
      setToDelete(null);
      invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Error deleting category'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div>
      <PageHeader
        title="Categories"
        subtitle="The categories members file their deals under."
        actions={
          <button type="button" onClick={() => openModal(null)} className={btnPrimary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Category
          </button>
        }
      />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {isPending ? (
          <Spinner label="Loading categories" />
        ) : isError ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            Error loading categories
          </p>
        ) : categories.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">No categories found</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Slug
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
                {categories.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50" data-testid="category-row">
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                          <CategoryIcon name={c.name} className="h-4 w-4" />
                        </span>
                        <div className="min-w-0">
                          <p className="font-medium text-slate-900">{c.name}</p>
                          <p className="font-mono text-xs text-slate-500 sm:hidden">{c.slug}</p>
                        </div>
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 font-mono text-xs text-slate-600 sm:table-cell">{c.slug}</td>
                    <td className="px-4 py-3 text-right tabular-nums text-slate-700">{c.dealsCount ?? 0}</td>
                    <td className="px-4 py-3">
                      <CatalogRowActions
                        name={c.name}
                        dealsCount={c.dealsCount ?? 0}
                        blockedTitle="Cannot delete category with deals"
                        onEdit={() => openModal(c)}
                        onDelete={() => setToDelete(c)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <CategoryModal open={modalOpen} category={editing} busy={saving} onClose={() => setModalOpen(false)} onSave={save} />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete Category"
        message="Are you sure you want to delete this category? This action cannot be undone."
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
