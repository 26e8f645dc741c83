import type { Category, CategoryInput } from '../../../../shared/schemas/catalog/categories';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from '../../../api/admin/admin-catalog';
import { CategoryIcon } from '../../../components/icons/CategoryIcon';
import { CatalogPage } from './CatalogPage';
import { catalogTexts } from './catalog-texts';
import { CategoryModal } from './CategoryModal';
import { catalogModalProps, useCatalogEditor } from './useCatalogEditor';

const TEXTS = catalogTexts('category', 'categories', 'The categories members file their deals under.');
const COLUMNS = [{ label: 'Name' }, { label: 'Slug', className: 'hidden sm:table-cell' }];

export default function CategoriesPage() {
  const { data: categories = [], isPending, isError } = useAdminCategories();
  const editor = useCatalogEditor<Category, CategoryInput>(TEXTS, useSaveCategory(), useDeleteCategory());
  return (
    <CatalogPage
      texts={TEXTS}
      list={{ items: categories, isPending, isError }}
      editor={editor}
      rowTestId="category-row"
      columns={COLUMNS}
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
      modal={<CategoryModal {...catalogModalProps(editor, TEXTS)} />}
    />
  );
}
