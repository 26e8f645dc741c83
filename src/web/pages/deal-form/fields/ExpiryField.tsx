import { Field, Label, Switch } from '@headlessui/react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass } from '../../auth/FormField';

interface Props {
  enabled: boolean;
  onToggle: (on: boolean) => void;
  registration: UseFormRegisterReturn;
  error?: string;
  min: string;
}

/** The optional expiry: a toggle, off by default; turning it off clears the date (SPEC §2 Post a deal). */
export function ExpiryField({ enabled, onToggle, registration, error, min }: Props) {
  const id = useId();
  return (
    <div>
      <Field className="flex items-center gap-3">
        <Switch
          checked={enabled}
          onChange={onToggle}
          className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition focus:outline-none data-[checked]:bg-emerald-700 data-[focus]:ring-2 data-[focus]:ring-emerald-500 data-[focus]:ring-offset-2"
        >
          <span className="pointer-events-none inline-block h-5 w-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-[1.375rem]" />
        </Switch>
        <Label className="cursor-pointer text-sm font-medium text-slate-700">This deal has an expiry date</Label>
      </Field>
      {enabled && (
        <div className="mt-3">
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
            Expires at
          </label>
          <input
            id={id}
            type="datetime-local"
            min={min}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass(!!error)} sm:max-w-xs`}
            {...registration}
          />
          <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-600">
            {error ?? ''}
          </p>
        </div>
      )}
    </div>
  );
}
