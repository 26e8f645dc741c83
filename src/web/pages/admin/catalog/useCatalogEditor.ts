import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { CatalogSave, CatalogSaved } from '../../../api/admin/admin-catalog';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../lib/toast/toast';
import type { CatalogTexts } from './catalog-texts';

type SaveMutation<T, V> = UseMutationResult<CatalogSaved<T>, unknown, CatalogSave<V>>;
type DeleteMutation = UseMutationResult<unknown, unknown, number>;

/**
 * State and actions of a catalog list (categories or stores): the add/edit modal and the delete confirmation, around
 * the list's save and delete mutations. A failed save keeps the modal open; a save whose follow-up failed (the store
 * exists, its logo did not upload) closes it with that error instead of the success toast.
 */
export function useCatalogEditor<T extends { id: number }, V>(texts: CatalogTexts, saveMutation: SaveMutation<T, V>, deleteMutation: DeleteMutation) {
  const [editing, setEditing] = useState<T | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [toDelete, setToDelete] = useState<T | null>(null);

  const openModal = (item: T | null) => {
    setEditing(item);
    setModalOpen(true);
  };

  const save = (values: V) =>
    saveMutation.mutate(
      { id: editing?.id ?? null, values },
      {
        onSuccess: ({ followUpError }) => {
          if (followUpError) toast.error(followUpError);
          else toast.success(editing ? texts.updated : texts.created);
          setModalOpen(false);
        },
        onError: (err) => toast.error(errorMessage(err, editing ? texts.updateFailed : texts.createFailed)),
      },
    );

  const remove = () => {
    if (!toDelete) return;
    deleteMutation.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(texts.deleted);
        setToDelete(null);
      },
      onError: (err) => toast.error(errorMessage(err, texts.deleteFailed)),
    });
  };

  return {
    editing,
    modalOpen,
    saving: saveMutation.isPending,
    toDelete,
    deleting: deleteMutation.isPending,
    openModal,
    closeModal: () => setModalOpen(false),
    askDelete: (item: T) => setToDelete(item),
    cancelDelete: () => setToDelete(null),
    save,
    remove,
  };
}

export type CatalogEditor<T extends { id: number }, V> = ReturnType<typeof useCatalogEditor<T, V>>;

/** What an add/edit modal of a catalog list takes. */
export interface CatalogModalProps<T, V> {
  open: boolean;
  item: T | null;
  title: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  onSave: (values: V) => void;
}

export function catalogModalProps<T extends { id: number }, V>(editor: CatalogEditor<T, V>, texts: CatalogTexts): CatalogModalProps<T, V> {
  return {
    open: editor.modalOpen,
    item: editor.editing,
    title: editor.editing ? texts.edit : texts.add,
    submitLabel: editor.editing ? 'Save Changes' : texts.add,
    busy: editor.saving,
    onClose: editor.closeModal,
    onSave: editor.save,
  };
}
