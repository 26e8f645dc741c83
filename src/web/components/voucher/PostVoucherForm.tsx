import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { VOUCHER_CODE_MAX, VOUCHER_CONDITIONS_MAX, VOUCHER_TITLE_MAX } from '../../../shared/domain/shops/vouchers';
import { voucherCreateSchema } from '../../../shared/schemas/catalog/vouchers';
import { isStaff } from '../../../shared/domain/access/roles';
import { useAuth } from '../../app/auth/AuthContext';
import { usePostVoucher } from '../../api/vouchers';
import { toast } from '../../lib/toast/toast';

const input =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-emerald-500 focus:outline-none focus:ring-1 focus:ring-emerald-500';

/** "Share a voucher" for one shop (docs/notes/vouchers-follows.md): checked by the shared schema before sending. */
export function PostVoucherForm({ storeId, storeName }: { storeId: number; storeName: string }) {
  const { user } = useAuth();
  const post = usePostVoucher();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ code: '', title: '', conditions: '', expiresAt: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!user) return null;

  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = voucherCreateSchema.safeParse({ storeId, ...fields, expiresAt: fields.expiresAt || undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    post.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(isStaff(user) ? 'Your voucher is live' : 'Thanks! The team will check your voucher before it goes live.');
        setFields({ code: '', title: '', conditions: '', expiresAt: '' });
        setOpen(false);
      },
    });
  };
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        Share a voucher
      </button>
    );
  }
  const field = (name: keyof typeof fields, label: string, el: ReactElement) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {el}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const describedBy = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
      aria-label={`Share a voucher for ${storeName}`}
    >
      {field(
        'code',
        'Code (leave empty if no code is needed)',
        <input
          id={`${id}-code`}
          value={fields.code}
          onChange={set('code')}
          maxLength={VOUCHER_CODE_MAX}
          className={`${input} font-mono`}
          aria-describedby={describedBy('code')}
        />,
      )}
      {field(
        'title',
        'What it gives',
        <input
          id={`${id}-title`}
          value={fields.title}
          onChange={set('title')}
          maxLength={VOUCHER_TITLE_MAX}
          placeholder="10% off orders over £50"
          required
          className={input}
          aria-describedby={describedBy('title')}
        />,
      )}
      {field(
        'conditions',
        'Conditions (optional)',
        <textarea
          id={`${id}-conditions`}
          value={fields.conditions}
          onChange={set('conditions')}
          maxLength={VOUCHER_CONDITIONS_MAX}
          rows={2}
          className={input}
          aria-describedby={describedBy('conditions')}
        />,
      )}
      {field(
        'expiresAt',
        'Expires (optional)',
        <input
          id={`${id}-expiresAt`}
          type="date"
          value={fields.expiresAt}
          onChange={set('expiresAt')}
          className={input}
          aria-describedby={describedBy('expiresAt')}
        />,
      )}
      <div className="flex gap-2 sm:col-span-2">
        <button
          type="submit"
          disabled={post.isPending}
          className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {post.isPending ? 'Sending...' : 'Post voucher'}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
