import { Sparkles } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import type { Category } from '../../../../shared/schemas/catalog/categories';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { ADMIN_EDIT_STATUSES } from '../../../../shared/schemas/admin/admin-deals';
import { capitalise } from '../../../../shared/domain/deals/deal-status';
import { ItemOptions } from '../../../components/menus/ItemOptions';
import { controlProps, Field, Optional } from '../components/form/Field';
import { btnAi, inputClass } from '../components/buttons';
import { type FormIn, type FormOut, withCurrent } from './edit-form';
import type { useDealAi } from './useDealAi';

interface Props {
  form: UseFormReturn<FormIn, unknown, FormOut>;
  deal: Deal;
  categories: Category[];
  stores: Store[];
  ai: ReturnType<typeof useDealAi>;
}

function AiButton({ onClick, busy, label, busyLabel }: { onClick: () => void; busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="button" onClick={onClick} disabled={busy} className={`${btnAi} px-3 py-1.5 text-xs`}>
      <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
      {busy ? busyLabel : label}
    </button>
  );
}

const control = `${inputClass} mt-1`;

/** The main card of the admin edit form: every field of the deal, with the AI helpers beside title and description. */
export function DealFields({ form, deal, categories, stores, ai }: Props) {
  const { register, watch, formState } = form;
  const { errors } = formState;
  const error = (name: keyof FormIn) => errors[name]?.message;
  // Registration plus the id and error wiring of the control for `name` (ids are deal-{name}).
  const bind = (name: keyof FormIn) => ({ ...register(name), ...controlProps(`deal-${name}`, errors[name]) });
  const [description, url] = watch(['description', 'url']);
  const canGrab = !String(description ?? '').trim() && String(url ?? '').trim();

  return (
    <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
      <Field
        id="deal-title"
        label="Title"
        error={error('title')}
        aside={<AiButton onClick={ai.improveTitle} busy={ai.improvingTitle} label="Improve Title" busyLabel="Improving..." />}
      >
        <input {...bind('title')} className={control} />
      </Field>
      <Field
        id="deal-description"
        label="Description"
        error={error('description')}
        aside={canGrab && <AiButton onClick={ai.grabDescription} busy={ai.grabbingDescription} label="Grab a Description" busyLabel="Grabbing..." />}
      >
        <textarea {...bind('description')} rows={6} className={control} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="deal-price" label="Price (£)" error={error('price')}>
          <input type="number" step="0.01" min="0" inputMode="decimal" {...bind('price')} className={control} />
        </Field>
        <Field id="deal-originalPrice" label="Original Price (£)" error={error('originalPrice')}>
          <input type="number" step="0.01" min="0" inputMode="decimal" {...bind('originalPrice')} className={control} />
        </Field>
      </div>
      <Field id="deal-url" label="URL" error={error('url')}>
        <input type="url" inputMode="url" {...bind('url')} className={control} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="deal-coupon"
          label={
            <>
              Coupon Code <Optional />
            </>
          }
          error={error('coupon')}
        >
          <input {...bind('coupon')} maxLength={50} className={`${control} font-mono`} />
        </Field>
        <Field id="deal-status" label="Status" error={error('status')}>
          <select {...bind('status')} className={control}>
            {ADMIN_EDIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="deal-imageUrl" label="Image URL" error={error('imageUrl')}>
        <input {...bind('imageUrl')} className={`${control} font-mono text-xs`} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="deal-storeId" label="Store" error={error('storeId')}>
          <select {...bind('storeId')} className={control}>
            <ItemOptions firstValue="" firstLabel="Select a store" items={withCurrent(stores, deal.store)} />
          </select>
        </Field>
        <Field id="deal-categoryId" label="Category" error={error('categoryId')}>
          <select {...bind('categoryId')} className={control}>
            <ItemOptions firstValue="" firstLabel="Select a category" items={withCurrent(categories, deal.category)} />
          </select>
        </Field>
      </div>
    </div>
  );
}
