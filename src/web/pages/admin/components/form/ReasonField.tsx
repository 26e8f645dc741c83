import { useId } from 'react';
import { MODERATION_REASON_MAX } from '../../../../../shared/schemas/admin/moderation-log';
import { inputClass, labelClass } from '../buttons';

interface Props {
  value: string;
  onChange: (reason: string) => void;
  /** After "Reason": in brackets, that it is optional and where it is shown. */
  note: string;
  placeholder: string;
}

/** The moderator's reason for an action, which the public moderation log shows (docs/notes/trust.md). */
export function ReasonField({ value, onChange, note, placeholder }: Props) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        Reason <span className="font-normal text-slate-500">({note})</span>
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={MODERATION_REASON_MAX}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`${inputClass} mt-1`}
      />
    </>
  );
}
