import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { Category } from '../../../../shared/api';
import { type CategoryInput, categorySchema } from '../../../../shared/schemas/catalog';
import { FieldError } from '../components/FieldError';
import { inputClass, labelClass } from '../components/buttons';
import { CatalogFormModal } from './CatalogFormModal';
import { initialSlugEdited, nextSlug } from './slug-autofill';

interface Props {
  open: boolean;
  category: Category | null;
  busy: boolean;
  onClose: () => void;
  onSave: (values: CategoryInput) => void;
}

export function CategoryModal({ open, category, busy, onClose, onSave }: Props) {
  const { register, handleSubmit, reset, setValue, getValues, formState } = useForm<CategoryInput>({
    resolver: zodResolver(categorySchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { name: '', slug: '' },
  });
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
    <CatalogFormModal
      open={open}
      title={category ? 'Edit Category' : 'Add Category'}
      submitLabel={category ? 'Save Changes' : 'Add Category'}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(onSave)}
    >
        <div>
          <label htmlFor="category-name" className={labelClass}>
            Name
          </label>
          <input id="category-name" {...nameField} maxLength={50} className={`${inputClass} mt-1`} aria-invalid={!!errors.name} aria-describedby={errors.name ? 'category-name-error' : undefined} autoFocus />
          <FieldError id="category-name-error" message={errors.name?.message} />
        </div>
        <div>
          <label htmlFor="category-slug" className={labelClass}>
            Slug
          </label>
          <input id="category-slug" {...slugField} maxLength={50} className={`${inputClass} mt-1 font-mono`} aria-invalid={!!errors.slug} aria-describedby="category-slug-hint" />
          <p id="category-slug-hint" className="mt-1 text-xs text-slate-500">
            Lowercase letters, numbers and hyphens. Filled in from the name unless you change it.
          </p>
          <FieldError id="category-slug-error" message={errors.slug?.message} />
        </div>
    </CatalogFormModal>
  );
}
