import { useEffect, useRef } from 'react';
import { useSchemaForm } from '../../../lib/useSchemaForm';
import { type Category, type CategoryInput, categoryInputSchema } from '../../../../shared/schemas/catalog/categories';
import { Field } from '../components/form/Field';
import { inputClass } from '../components/buttons';
import { CatalogFormModal } from './CatalogFormModal';
import { initialSlugEdited, nextSlug } from './slug-autofill';
import type { CatalogModalProps } from './useCatalogEditor';

export function CategoryModal({ open, item: category, title, submitLabel, busy, onClose, onSave }: CatalogModalProps<Category, CategoryInput>) {
  const { register, handleSubmit, reset, setValue, getValues, formState } = useSchemaForm(categoryInputSchema, { name: '', slug: '' });
  const slugEdited = useRef(false);

  useEffect(() => {
    if (!open) return;
    reset({ name: category?.name ?? '', slug: category?.slug ?? '' });
    slugEdited.current = category ? initialSlugEdited(category.name, category.slug) : false;
  }, [open, category, reset]);

  const nameField = register('name', {
    onChange: (e) => {
      const slug = nextSlug(e.target.value, getValues('slug'), slugEdited.current);
      if (slug !== getValues('slug')) setValue('slug', slug, { shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', {
    onChange: () => {
      slugEdited.current = true;
    },
  });
  const { errors } = formState;

  return (
    <CatalogFormModal open={open} title={title} submitLabel={submitLabel} busy={busy} onClose={onClose} onSubmit={handleSubmit(onSave)}>
      <Field id="category-name" label="Name" error={errors.name?.message}>
        <input
          id="category-name"
          {...nameField}
          maxLength={50}
          className={`${inputClass} mt-1`}
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? 'category-name-error' : undefined}
          data-autofocus
        />
      </Field>
      <Field
        id="category-slug"
        label="Slug"
        error={errors.slug?.message}
        hint="Lowercase letters, numbers and hyphens. Filled in from the name unless you change it."
      >
        <input
          id="category-slug"
          {...slugField}
          maxLength={50}
          className={`${inputClass} mt-1 font-mono`}
          aria-invalid={!!errors.slug}
          aria-describedby="category-slug-hint"
        />
      </Field>
    </CatalogFormModal>
  );
}
