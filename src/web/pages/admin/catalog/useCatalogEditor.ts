import { useState } from 'react';
import { useInvalidateCatalog } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../lib/toast';

/** The toasts of one catalog list, spelled out per list so every spec text can be found as written. */
export interface CatalogMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

/** State and actions of a catalog list (categories or stores): the add/edit modal and the delete confirmation. */
export function useCatalogEditor<T extends { id: number }>(messages: CatalogMessages, deleteItem: (id: number) => Promise<unknown>) {
  const invalidate = useInvalidateCatalog();
  const [editing, setEditing] = useState<T | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  const openModal = (item: T | null) => {
    setEditing(item);
    setModalOpen(true);
  };

  /**
   * Creates (nothing being edited) or updates through `persist`; when that fails the modal stays open. `afterSaved`
   * does follow-up work on the saved row and answers false when it has reported its own failure: the row exists
   * by then, so the modal still closes, without the success toast.
   */
  const save = async <R>(persist: (editing: T | null) => Promise<R>, afterSaved?: (saved: R, editing: T | null) => Promise<boolean>) => {
    setSaving(true);
    let saved: R;
    try {
      saved = await persist(editing);
    } catch (err) {
      toast.error(errorMessage(err, editing ? messages.updateFailed : messages.createFailed));
      setSaving(false);
      return;
    }
    const followUpOk = afterSaved ? await afterSaved(saved, editing) : true;
    if (followUpOk) toast.success(editing ? messages.updated : messages.created);
    setSaving(false);
    setModalOpen(false);
    invalidate();
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteItem(toDelete.id);
      toast.success(messages.deleted);
      setToDelete(null);
      invalidate();
    } catch (err) {
      toast.error(errorMessage(err, messages.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  return {
    editing,
    modalOpen,
    saving,
    toDelete,
    deleting,
    openModal,
    closeModal: () => setModalOpen(false),
    askDelete: (item: T) => setToDelete(item),
    cancelDelete: () => setToDelete(null),
    save,
    remove,
  };
}

export type CatalogEditor<T extends { id: number }> = ReturnType<typeof useCatalogEditor<T>>;
