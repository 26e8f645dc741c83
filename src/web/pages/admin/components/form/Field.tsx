import type { ReactNode } from 'react';
import { FieldError } from './FieldError';
import { labelClass } from '../buttons';

interface Props {
  id: string;
  label: ReactNode;
  error?: string;
  /** Sits at the end of the label's line (an AI button); given at all, the label's line is laid out for it. */
  aside?: ReactNode;
  hint?: ReactNode;
  /** The control, with `id` as its id. */
  children: ReactNode;
}

/** One labelled control of an admin form, with its hint and its error (announced as `{id}-error`). */
export function Field({ id, label, error, aside, hint, children }: Props) {
  const labelElement = (
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
  );
  return (
    <div>
      {aside !== undefined ? (
        <div className="flex items-end justify-between gap-2">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The attributes that tie a control to its Field's error. */
export const controlProps = (id: string, error: unknown) => ({ id, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined });

/** Marks a label's field as optional. */
export const Optional = () => <span className="font-normal text-slate-500">(optional)</span>;
