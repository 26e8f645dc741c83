import { Pencil, Trash2 } from 'lucide-react';
import { iconBtn, iconBtnDanger } from '../components/buttons';

/** Edit and delete for a category or store row; delete is disabled (with the reason as its title) while deals use it. */
export function CatalogRowActions({
  name,
  dealsCount,
  blockedTitle,
  onEdit,
  onDelete,
}: {
  name: string;
  dealsCount: number;
  blockedTitle: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const blocked = dealsCount > 0;
  return (
    <div className="flex justify-end gap-1">
      <button type="button" onClick={onEdit} className={iconBtn} aria-label={`Edit ${name}`} title="Edit">
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={blocked}
        className={iconBtnDanger}
        aria-label={`Delete ${name}`}
        title={blocked ? blockedTitle : 'Delete'}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
