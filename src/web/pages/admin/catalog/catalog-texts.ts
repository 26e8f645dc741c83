import { capitalise } from '../../../../shared/domain/deals/deal-status';

/** Every word a catalog list page says, toasts included. */
export interface CatalogTexts {
  title: string;
  subtitle: string;
  add: string;
  edit: string;
  loading: string;
  loadFailed: string;
  empty: string;
  deleteBlocked: string;
  deleteTitle: string;
  deleteMessage: string;
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

/**
 * The texts of a catalog list built from its nouns: categories and stores say the same things (SPEC §8 itself writes
 * them as 'Error creating/updating/deleting category or store', 'No categories found' / 'No stores found').
 */
export function catalogTexts(one: string, many: string, subtitle: string): CatalogTexts {
  const One = capitalise(one);
  return {
    title: capitalise(many),
    subtitle,
    add: `Add ${One}`,
    edit: `Edit ${One}`,
    loading: `Loading ${many}`,
    loadFailed: `Error loading ${many}`,
    empty: `No ${many} found`,
    deleteBlocked: `Cannot delete ${one} with deals`,
    deleteTitle: `Delete ${One}`,
    deleteMessage: `Are you sure you want to delete this ${one}? This action cannot be undone.`,
    created: `${One} created successfully`,
    updated: `${One} updated successfully`,
    createFailed: `Error creating ${one}`,
    updateFailed: `Error updating ${one}`,
    deleted: `${One} deleted successfully`,
    deleteFailed: `Error deleting ${one}`,
  };
}
