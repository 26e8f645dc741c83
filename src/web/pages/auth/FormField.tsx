import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, get, type Path, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/useSchemaForm';

export const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-emerald-500 focus:ring-emerald-200'
  }`;

/**
 * The line under a field that holds its hint or error. It keeps one line reserved even when empty, so a message that
 * vanishes on blur does not pull the next control up under the pointer mid-click.
 */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-600">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={`${id}-hint`} className="mt-1 min-h-5 text-xs leading-5 text-slate-500">
        {hint}
      </p>
    );
  }
  return <p className="mt-1 min-h-5" aria-hidden="true" />;
}

/** The attributes that tie a control to its FieldMessage: invalid while in error, described by the error or else the hint. */
export const describedControl = (id: string, error: string | undefined, hint = false) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

interface FormRowProps {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Sits at the end of the label's line (a character count); given at all, the label's line is laid out for it. */
  aside?: ReactNode;
  /** The control, with `id` as its id. */
  children: ReactNode;
}

/** A labelled control of a member form with the line under it for its hint or error. */
export function FormRow({ id, label, optional = false, error, hint, aside, children }: FormRowProps) {
  const text = (
    <>
      {label}
      {optional && <span className="font-normal text-slate-500"> (optional)</span>}
    </>
  );
  return (
    <div>
      {aside !== undefined ? (
        <div className="mb-1.5 flex items-center justify-between gap-2">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {text}
          </label>
          {aside}
        </div>
      ) : (
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
          {text}
        </label>
      )}
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** What a TextField takes from a form for one of its fields: the registration and the field's error. */
export function bindField<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => ({ registration: register(name), error: (get(errors, name) as { message?: string } | undefined)?.message });
}

interface TextFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  /** Sits on the label's line, right-aligned (e.g. a 'Forgot password?' link). */
  aside?: ReactNode;
}

/** A labelled input wired to react-hook-form, with its error announced through aria-describedby. */
export function TextField({ label, registration, error, type = 'text', autoComplete, placeholder, hint, aside }: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FormRow id={id} label={label} error={error} hint={hint} aside={aside ?? null}>
      <div className="relative">
        <input
          {...describedControl(id, error, !!hint)}
          type={isPassword && revealed ? 'text' : type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          className={`${inputClass(!!error)} ${isPassword ? 'pr-11' : ''}`}
          {...registration}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={revealed}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            {revealed ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          </button>
        )}
      </div>
    </FormRow>
  );
}

export function CheckboxField({ registration, label, error }: { registration: UseFormRegisterReturn; label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-2 focus:ring-emerald-500"
          {...registration}
        />
        <label htmlFor={id} className="text-sm text-slate-600">
          {label}
        </label>
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** The form's submit button, held with a spinner while busy; full width unless `layout` says otherwise. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  layout = 'flex w-full px-4',
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  layout?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`${layout} items-center justify-center gap-2 rounded-lg bg-emerald-700 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70`}
    >
      {busy && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * An account form (register, forgot and reset password): the schema's form, validated on blur; its fields bound for
 * TextField; and the failure the page shows above the form when the server refuses it.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useSchemaForm(schema, defaultValues);
  const [failure, setFailure] = useState<string | null>(null);
  return { form, field: bindField(form.register, form.formState.errors), failure, setFailure };
}
