import { type ReactNode, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CATEGORIES_ERROR, STORES_ERROR, useCategories, useStores } from '../../../api/catalog';
import { ItemOptions } from '../../../components/menus/ItemOptions';
import { describedControl, FormRow, inputClass } from '../../auth/FormField';
import type { DealFormValues } from '../payload';
import type { DealFormInput } from '../useDealResolver';

type Name = keyof DealFormInput;

/** The deal's own fields (SPEC §5): title to coupon; the expiry and the image follow in DealForm. */
export function DealFormFields({
  form,
  onUrlBlur,
  onUrlPaste,
  urlNotice,
  storeNotice,
}: {
  form: UseFormReturn<DealFormInput, unknown, DealFormValues>;
  onUrlBlur?: (url: string) => void;
  /** A link pasted into the URL field (the form reads its page at once). */
  onUrlPaste?: (url: string) => void;
  urlNotice?: ReactNode;
  /** Under the category and store: naming a shop we do not know. */
  storeNotice?: ReactNode;
}) {
  const ids = { title: useId(), description: useId(), url: useId(), price: useId(), original: useId(), category: useId(), store: useId(), coupon: useId() };
  const categories = useCategories();
  const stores = useStores();
  const { register } = form;
  const { errors } = form.formState;
  const categoryError = errors.categoryId?.message ?? (categories.isError ? CATEGORIES_ERROR : undefined);
  const storeError = errors.storeId?.message ?? (stores.isError ? STORES_ERROR : undefined);
  // Registration, error wiring and look of one control; `shown` is the message under it when that is not the field's own.
  const bind = (name: Name, id: string, extraClass = '', shown = errors[name]?.message, hint = false) => ({
    ...describedControl(id, shown, hint),
    'aria-invalid': errors[name] ? true : undefined,
    className: `${inputClass(!!errors[name])} ${extraClass}`.trim(),
    // The URL is checked for an earlier post of the same product as soon as it is left (docs/notes/products.md).
    ...register(name, name === 'dealUrl' && onUrlBlur ? { onBlur: (e: { target: { value: string } }) => onUrlBlur(e.target.value) } : undefined),
  });

  return (
    <>
      {/* The link first: an earlier post of the same product is flagged before the rest is filled in (docs/notes/products.md). */}
      <FormRow id={ids.url} label="Deal URL" error={errors.dealUrl?.message}>
        <input
          type="url"
          inputMode="url"
          placeholder="https://"
          {...bind('dealUrl', ids.url)}
          onPaste={onUrlPaste ? (e) => onUrlPaste(e.clipboardData.getData('text')) : undefined}
        />
      </FormRow>
      <div aria-live="polite">{urlNotice}</div>
      <FormRow id={ids.title} label="Title" error={errors.title?.message} hint="Up to 100 characters: say what it is, the price and where.">
        <input type="text" placeholder="e.g. Sony WH-1000XM5 headphones £249 at John Lewis" {...bind('title', ids.title, '', errors.title?.message, true)} />
      </FormRow>
      <FormRow id={ids.description} label="Description" error={errors.description?.message}>
        <textarea
          rows={6}
          placeholder="What makes it a good deal? Any conditions, delivery costs or how to get the price?"
          {...bind('description', ids.description)}
        />
      </FormRow>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {(
          [
            ['price', ids.price, 'Price (£)'],
            ['originalPrice', ids.original, 'Original price (£)'],
          ] as const
        ).map(([name, id, text]) => (
          <FormRow key={name} id={id} label={text} error={errors[name]?.message}>
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500" aria-hidden="true">
                £
              </span>
              <input type="number" inputMode="decimal" step="0.01" min="0" placeholder="0.00" {...bind(name, id, 'pl-7')} />
            </div>
          </FormRow>
        ))}
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormRow id={ids.category} label="Category" error={categoryError}>
          <select {...bind('categoryId', ids.category, '', categoryError)}>
            <ItemOptions firstValue="" firstLabel="Select a category" items={categories.data} />
          </select>
        </FormRow>
        <FormRow id={ids.store} label="Store" error={storeError}>
          <select {...bind('storeId', ids.store, '', storeError)}>
            <ItemOptions firstValue="" firstLabel="Select a store" items={stores.data} />
          </select>
        </FormRow>
      </div>
      {storeNotice}
      <FormRow id={ids.coupon} label="Coupon code" optional error={errors.coupon?.message}>
        <input type="text" autoCapitalize="characters" placeholder="e.g. SAVE10" {...bind('coupon', ids.coupon, 'font-mono sm:max-w-xs')} />
      </FormRow>
    </>
  );
}
