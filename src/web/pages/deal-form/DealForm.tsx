import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { dealFormSchema } from '../../../shared/schemas/deals';
import { CATEGORIES_ERROR, STORES_ERROR, useCategories, useStores } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { FieldMessage, inputClass } from '../auth/FormField';
import { ExpiryField } from './ExpiryField';
import { ImageField } from './ImageField';
import { dealImageProblem } from './image-check';
import { type DealFormValues, SERVER_FIELD, toLocalInput } from './payload';

type FormInput = z.input<typeof dealFormSchema>;

export interface DealFormProps {
  initial?: Partial<FormInput>;
  /** The edit form may keep the current image; the create form needs one. */
  imageRequired: boolean;
  currentImage?: ReactNode;
  /** An expiry already stored (edit): unchanged, it stays valid even if past, as the server allows. */
  keptExpiryLocal?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Throws an ApiError naming a field to have the message shown next to that field. */
  onSubmit: (values: DealFormValues, image: File | null) => Promise<void>;
  footer?: ReactNode;
}

const EMPTY: FormInput = {
  title: '',
  description: '',
  dealUrl: '',
  price: '',
  originalPrice: '',
  categoryId: '' as unknown as number,
  storeId: '' as unknown as number,
  coupon: '',
  hasExpiry: false,
  expiresAt: '',
};

function useDealResolver(keptExpiryLocal?: string): Resolver<FormInput, unknown, DealFormValues> {
  return useMemo(() => {
    const base = zodResolver(dealFormSchema) as unknown as Resolver<FormInput, unknown, DealFormValues>;
    return async (values, ctx, opts) => {
      if (keptExpiryLocal && values.hasExpiry && values.expiresAt === keptExpiryLocal) {
        // The stored expiry is unchanged: validate everything else, then put it back.
        const rest = await base({ ...values, hasExpiry: false }, ctx, opts);
        if (Object.keys(rest.errors).length) return rest;
        return { values: { ...(rest.values as DealFormValues), hasExpiry: true, expiresAt: values.expiresAt }, errors: {} };
      }
      return base(values, ctx, opts);
    };
  }, [keptExpiryLocal]);
}

/** The deal form of SPEC §5, shared by Post a deal and the owner's edit: validated on blur with the shared schema. */
export function DealForm({ initial, imageRequired, currentImage, keptExpiryLocal, submitLabel, busyLabel, busy, onSubmit, footer }: DealFormProps) {
  const ids = { title: useId(), description: useId(), url: useId(), price: useId(), original: useId(), category: useId(), store: useId(), coupon: useId() };
  const categories = useCategories();
  const stores = useStores();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const resolver = useDealResolver(keptExpiryLocal);
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, DealFormValues>({
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { ...EMPTY, ...initial },
  });
  const hasExpiry = watch('hasExpiry');
  const categoryError = errors.categoryId?.message ?? (categories.isError ? CATEGORIES_ERROR : undefined);
  const storeError = errors.storeId?.message ?? (stores.isError ? STORES_ERROR : undefined);
  const minExpiry = toLocalInput(new Date().toISOString());

  const chooseImage = (file: File | null) => {
    setImage(file);
    setImageError(file ? dealImageProblem(file, imageRequired) : null);
  };

  const toggleExpiry = (on: boolean) => {
    setValue('hasExpiry', on);
    if (!on) {
      setValue('expiresAt', '');
      clearErrors('expiresAt');
    }
  };

  const checkImage = () => {
    const problem = dealImageProblem(image, imageRequired);
    setImageError(problem);
    return problem === null;
  };

  const submit = handleSubmit(
    async (values) => {
      if (!checkImage()) return;
      try {
        await onSubmit(values, image);
      } catch (err) {
        if (!(err instanceof ApiError) || !err.field) return;
        if (err.field === 'image' || err.field === 'image_url') setImageError(err.message);
        const field = SERVER_FIELD[err.field];
        if (field) setError(field, { message: err.message });
      }
    },
    () => checkImage(),
  );

  const described = (id: string, error?: string, hint?: boolean) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);
  const label = (htmlFor: string, text: string, optional = false) => (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
      {text}
      {optional && <span className="font-normal text-slate-500"> (optional)</span>}
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <div>
        {label(ids.title, 'Title')}
        <input
          id={ids.title}
          type="text"
          placeholder="e.g. Sony WH-1000XM5 headphones £249 at John Lewis"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described(ids.title, errors.title?.message, true)}
          className={inputClass(!!errors.title)}
          {...register('title')}
        />
        <FieldMessage id={ids.title} error={errors.title?.message} hint="Up to 100 characters: say what it is, the price and where." />
      </div>

      <div>
        {label(ids.description, 'Description')}
        <textarea
          id={ids.description}
          rows={6}
          placeholder="What makes it a good deal? Any conditions, delivery costs or how to get the price?"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described(ids.description, errors.description?.message)}
          className={inputClass(!!errors.description)}
          {...register('description')}
        />
        <FieldMessage id={ids.description} error={errors.description?.message} />
      </div>

      <div>
        {label(ids.url, 'Deal URL')}
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          placeholder="https://"
          aria-invalid={errors.dealUrl ? true : undefined}
          aria-describedby={described(ids.url, errors.dealUrl?.message)}
          className={inputClass(!!errors.dealUrl)}
          {...register('dealUrl')}
        />
        <FieldMessage id={ids.url} error={errors.dealUrl?.message} />
      </div>

      <div className="grid gap-x-4 sm:grid-cols-2">
        {(
          [
            ['price', ids.price, 'Price (£)', errors.price?.message],
            ['originalPrice', ids.original, 'Original price (£)', errors.originalPrice?.message],
          ] as const
        ).map(([name, id, text, error]) => (
          <div key={name}>
            {label(id, text)}
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500" aria-hidden="true">
                £
              </span>
              <input
                id={id}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                placeholder="0.00"
                aria-invalid={error ? true : undefined}
                aria-describedby={described(id, error)}
                className={`${inputClass(!!error)} pl-7`}
                {...register(name)}
              />
            </div>
            <FieldMessage id={id} error={error} />
          </div>
        ))}
      </div>

      <div className="grid gap-x-4 sm:grid-cols-2">
        <div>
          {label(ids.category, 'Category')}
          <select
            id={ids.category}
            aria-invalid={errors.categoryId ? true : undefined}
            aria-describedby={described(ids.category, categoryError)}
            className={inputClass(!!errors.categoryId)}
            {...register('categoryId')}
          >
            <option value="">Select a category</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldMessage id={ids.category} error={categoryError} />
        </div>
        <div>
          {label(ids.store, 'Store')}
          <select
            id={ids.store}
            aria-invalid={errors.storeId ? true : undefined}
            aria-describedby={described(ids.store, storeError)}
            className={inputClass(!!errors.storeId)}
            {...register('storeId')}
          >
            <option value="">Select a store</option>
            {stores.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <FieldMessage id={ids.store} error={storeError} />
        </div>
      </div>

      <div>
        {label(ids.coupon, 'Coupon code', true)}
        <input
          id={ids.coupon}
          type="text"
          autoCapitalize="characters"
          placeholder="e.g. SAVE10"
          aria-invalid={errors.coupon ? true : undefined}
          aria-describedby={described(ids.coupon, errors.coupon?.message)}
          className={`${inputClass(!!errors.coupon)} font-mono sm:max-w-xs`}
          {...register('coupon')}
        />
        <FieldMessage id={ids.coupon} error={errors.coupon?.message} />
      </div>

      <ExpiryField enabled={!!hasExpiry} onToggle={toggleExpiry} registration={register('expiresAt')} error={errors.expiresAt?.message} min={minExpiry} />

      <ImageField file={image} onChange={chooseImage} error={imageError} current={currentImage} />

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div>{footer}</div>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-6 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
