import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Store } from '../../../../shared/api';
import { type StoreInput, storeSchema } from '../../../../shared/schemas/catalog';
import { FieldError } from '../components/FieldError';
import { btnSecondary, inputClass, labelClass } from '../components/buttons';
import { CatalogFormModal } from './CatalogFormModal';
import { logoFileError } from './logo-file';

interface Props {
  open: boolean;
  store: Store | null;
  busy: boolean;
  onClose: () => void;
  onSave: (values: StoreInput, logo: File | null) => void;
}

type StoreForm = { name: string; url: string };

export function StoreModal({ open, store, busy, onClose, onSave }: Props) {
  const { register, handleSubmit, reset, formState } = useForm<StoreForm>({
    resolver: zodResolver(storeSchema) as never,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { name: '', url: '' },
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    reset({ name: store?.name ?? '', url: store?.url ?? '' });
    setLogo(null);
    setLogoError(null);
  }, [open, store, reset]);

  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

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
    <CatalogFormModal
      open={open}
      title={store ? 'Edit Store' : 'Add Store'}
      submitLabel={store ? 'Save Changes' : 'Add Store'}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((v) => onSave(v, logo))}
    >
        <div>
          <label htmlFor="store-name" className={labelClass}>
            Name
          </label>
          <input id="store-name" {...register('name')} maxLength={50} className={`${inputClass} mt-1`} aria-invalid={!!errors.name} autoFocus />
          <FieldError id="store-name-error" message={errors.name?.message} />
        </div>
        <div>
          <label htmlFor="store-url" className={labelClass}>
            Website URL <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input id="store-url" type="url" inputMode="url" placeholder="https://www.example.co.uk" {...register('url')} className={`${inputClass} mt-1`} aria-invalid={!!errors.url} />
          <FieldError id="store-url-error" message={errors.url?.message} />
        </div>
        <div>
          <span className={labelClass}>Logo</span>
          <div className="mt-1 flex items-center gap-4">
            <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
              {shown ? <img src={shown} alt="Logo preview" width={64} height={64} className="h-full w-full object-contain" /> : <ImagePlus className="h-6 w-6 text-slate-400" aria-hidden="true" />}
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
