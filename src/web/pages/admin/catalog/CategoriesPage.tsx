import type { Category } from '../../../../shared/api';
import type { CategoryInput } from '../../../../shared/schemas/catalog';
import { createCategory, deleteCategory, updateCategory, useAdminCategories } from '../../../api/admin';
import { CategoryIcon } from '../../../components/CategoryIcon';
import { CatalogPage } from './CatalogPage';
import { CategoryModal } from './CategoryModal';
import { useCatalogEditor } from './useCatalogEditor';

export default function CategoriesPage() {
  const { data: categories = [], isPending, isError } = useAdminCategories();
  const editor = useCatalogEditor<Category>(
    {
      created: 'Category created successfully',
      updated: 'Category updated successfully',
      createFailed: 'Error creating category',
      updateFailed: 'Error updating category',
      deleted: 'Category deleted successfully',
      deleteFailed: 'Error deleting category',
    },
    deleteCategory,
  );

  const save = (values: CategoryInput) => editor.save((editing) => (editing ? updateCategory(editing.id, values) : createCategory(values)));

  return (
    <CatalogPage
      texts={{
        title: 'Categories',
        subtitle: 'The categories members file their deals under.',
        add: 'Add Category',
        loading: 'Loading categories',
        loadFailed: 'Error loading categories',
        empty: 'No categories found',
        deleteBlocked: 'Cannot delete category with deals',
        deleteTitle: 'Delete Category',
        deleteMessage: 'Are you sure you want to delete this category? This action cannot be undone.',
      }}
      list={{ items: categories, isPending, isError }}
      editor={editor}
      rowTestId="category-row"
      columns={
        <>
          <th scope="col" className="px-4 py-3">
            Name
          </th>
          <th scope="col" className="hidden px-4 py-3 sm:table-cell">
            Slug
          </th>
        </>
      }
      cells={(c) => (
        <>
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
        </>
      )}
      modal={<CategoryModal open={editor.modalOpen} category={editor.editing} busy={editor.saving} onClose={editor.closeModal} onSave={save} />}
    />
  );
}
