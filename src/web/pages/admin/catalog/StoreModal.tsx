import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useSchemaForm } from '../../../lib/useSchemaForm';
import { type Store, storeInputSchema } from '../../../../shared/schemas/catalog/stores';
import type { StoreValues } from '../../../api/admin/admin-catalog';
import { useObjectUrl } from '../../../lib/useObjectUrl';
import { Field, Optional } from '../components/form/Field';
import { FieldError } from '../components/form/FieldError';
import { btnSecondary, inputClass, labelClass } from '../components/buttons';
import { CatalogFormModal } from './CatalogFormModal';
import { logoFileError } from './logo-file';
import type { CatalogModalProps } from './useCatalogEditor';

export function StoreModal({ open, item: store, title, submitLabel, busy, onClose, onSave }: CatalogModalProps<Store, StoreValues>) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(storeInputSchema, { name: '', url: '' });
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const preview = useObjectUrl(logo);

  useEffect(() => {
    if (!open) return;
    reset({ name: store?.name ?? '', url: store?.url ?? '' });
    setLogo(null);
    setLogoError(null);
  }, [open, store, reset]);

  const pickLogo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!file) return;
    const problem = logoFileError(file);
    setLogoError(problem);
    setLogo(problem ? null : file);
  };

  const shown = preview ?? store?.logoUrl ?? null;
  const { errors } = formState;

  return (
    <CatalogFormModal open={open} title={title} submitLabel={submitLabel} busy={busy} onClose={onClose} onSubmit={handleSubmit((v) => onSave({ ...v, logo }))}>
      <Field id="store-name" label="Name" error={errors.name?.message}>
        <input id="store-name" {...register('name')} maxLength={50} className={`${inputClass} mt-1`} aria-invalid={!!errors.name} data-autofocus />
      </Field>
      <Field
        id="store-url"
        label={
          <>
            Website URL <Optional />
          </>
        }
        error={errors.url?.message}
      >
        <input
          id="store-url"
          type="url"
          inputMode="url"
          placeholder="https://www.example.co.uk"
          {...register('url')}
          className={`${inputClass} mt-1`}
          aria-invalid={!!errors.url}
        />
      </Field>
      <div>
        <span className={labelClass}>Logo</span>
        <div className="mt-1 flex items-center gap-4">
          <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
            {shown ? (
              <img src={shown} alt="Logo preview" width={64} height={64} className="h-full w-full object-contain" />
            ) : (
              <ImagePlus className="h-6 w-6 text-slate-400" aria-hidden="true" />
            )}
          </span>
          <div>
            <label htmlFor="store-logo" className={`${btnSecondary} cursor-pointer`}>
              {shown ? 'Change logo' : 'Choose logo'}
            </label>
            <input id="store-logo" type="file" accept="image/*" onChange={pickLogo} className="sr-only" />
            <p className="mt-1 text-xs text-slate-500">PNG, JPG, GIF or WebP up to 1MB.</p>
          </div>
        </div>
        <FieldError id="store-logo-error" message={logoError ?? undefined} />
      </div>
    </CatalogFormModal>
  );
}
