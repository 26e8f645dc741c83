import { useEffect, useId } from 'react';
import type { FieldPath } from 'react-hook-form';
import { ALERT_FREQUENCIES, ALERT_QUERY_MAX, type AlertCreate, alertCreateSchema } from '../../../shared/schemas/members/alerts';
import { ApiError } from '../../api/client';
import { useCategories, useStores } from '../../api/catalog';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { describedControl, FieldMessage, FormRow, inputClass, SubmitButton } from '../auth/FormField';
import { type AlertFormValues, FREQUENCY_LABELS } from './alert-params';
import { ItemOptions } from '../../components/menus/ItemOptions';

interface Props {
  initial: AlertFormValues;
  busy: boolean;
  /** Resolves when the server accepted; rejects with its refusal (a field's message is shown under the field). */
  onSubmit: (values: AlertCreate) => Promise<unknown>;
  /** Given when the form edits a saved alert: it then focuses the keywords and saves; without it, it creates and empties itself. */
  onCancel?: () => void;
}

const FIELDS = ['query', 'categoryId', 'storeId', 'maxPrice', 'minTemperature', 'frequency'] as const;

/** The alert form (create and edit), checked with the shared schema and its messages on blur and on submit. */
export function AlertForm({ initial, busy, onSubmit, onCancel }: Props) {
  const editing = onCancel !== undefined;
  const [submitLabel, busyLabel] = editing ? ['Save alert', 'Saving...'] : ['Create alert', 'Creating...'];
  const ids = { query: useId(), category: useId(), store: useId(), maxPrice: useId(), minTemperature: useId(), frequency: useId() };
  const categories = useCategories();
  const stores = useStores();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    reset,
    formState: { errors },
  } = useSchemaForm(alertCreateSchema, initial);
  const message = (name: (typeof FIELDS)[number]) => errors[name]?.message as string | undefined;

  useEffect(() => {
    if (editing) setFocus('query');
  }, [editing, setFocus]);
  // A prefilled category or store is shown once its option exists (the lists load after the form).
  useEffect(() => {
    if (categories.data) setValue('categoryId', getValues('categoryId'));
  }, [categories.data, setValue, getValues]);
  useEffect(() => {
    if (stores.data) setValue('storeId', getValues('storeId'));
  }, [stores.data, setValue, getValues]);

  const submit = (values: AlertCreate) =>
    onSubmit(values).then(
      () => {
        if (!editing) reset({ ...initial, query: '', categoryId: '', storeId: '', maxPrice: '', minTemperature: '' });
      },
      (err: unknown) => {
        // A refusal that names a field is shown next to it as well as in the toast.
        const field = err instanceof ApiError ? err.field : undefined;
        if (field && (FIELDS as readonly string[]).includes(field)) setError(field as FieldPath<AlertFormValues>, { message: (err as Error).message });
      },
    );

  const select = `${inputClass(false)} pr-8`;
  /** The two number limits: typed as text (the schema reads and checks them), with the phone's number keypad. */
  const numberInput = (name: 'maxPrice' | 'minTemperature', inputMode: 'decimal' | 'numeric', placeholder: string) => (
    <input
      {...describedControl(ids[name], message(name))}
      type="text"
      inputMode={inputMode}
      placeholder={placeholder}
      className={inputClass(!!message(name))}
      {...register(name)}
    />
  );
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-1" aria-label={submitLabel}>
      <FormRow id={ids.query} label="Keywords" error={message('query')} hint="Every word must appear, like the browse search: e.g. air fryer, lego star wars">
        <input
          {...describedControl(ids.query, message('query'), true)}
          type="text"
          maxLength={ALERT_QUERY_MAX + 20}
          autoComplete="off"
          placeholder="e.g. air fryer"
          className={inputClass(!!message('query'))}
          {...register('query')}
        />
      </FormRow>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormRow id={ids.category} label="Category" optional error={message('categoryId')}>
          <select {...describedControl(ids.category, message('categoryId'))} className={select} {...register('categoryId')}>
            <ItemOptions firstValue="" firstLabel="Any category" items={categories.data} />
          </select>
        </FormRow>
        <FormRow id={ids.store} label="Store" optional error={message('storeId')}>
          <select {...describedControl(ids.store, message('storeId'))} className={select} {...register('storeId')}>
            <ItemOptions firstValue="" firstLabel="Any store" items={stores.data} />
          </select>
        </FormRow>
        <FormRow id={ids.maxPrice} label="Max price (£)" optional error={message('maxPrice')}>
          {numberInput('maxPrice', 'decimal', 'e.g. 50')}
        </FormRow>
        <FormRow id={ids.minTemperature} label="Min temperature (°)" optional error={message('minTemperature')}>
          {numberInput('minTemperature', 'numeric', 'e.g. 20')}
        </FormRow>
      </div>
      <fieldset aria-describedby={message('frequency') ? `${ids.frequency}-error` : undefined}>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">How often</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ALERT_FREQUENCIES.map((f) => (
            <label
              key={f}
              className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500"
            >
              <input type="radio" value={f} className="mt-0.5 h-4 w-4 border-slate-300 text-emerald-600 focus:ring-emerald-500" {...register('frequency')} />
              <span>
                <span className="block font-semibold text-slate-900">{FREQUENCY_LABELS[f].title}</span>
                <span className="block text-xs text-slate-600">{FREQUENCY_LABELS[f].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldMessage id={ids.frequency} error={message('frequency')} />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-50"
          >
            Cancel
          </button>
        )}
        <SubmitButton busy={busy} busyLabel={busyLabel} layout={onCancel ? 'flex px-5' : 'flex w-full px-4 sm:w-auto'}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
