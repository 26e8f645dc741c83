import { useId } from 'react';
import type { z } from 'zod';
import { BIO_MAX, profileFormSchema, type PublicUser } from '../../../shared/schemas/members/users';
import { ApiError, errorMessage } from '../../api/client';
import { type ProfileChanges, useUpdateProfile } from '../../api/members/members';
import { bindField, describedControl, FormRow, inputClass, SubmitButton, TextField } from '../auth/FormField';
import { useSchemaForm } from '../../lib/useSchemaForm';

type ProfileForm = z.input<typeof profileFormSchema>;
type ProfileValues = z.output<typeof profileFormSchema>;

const valuesFor = (user: PublicUser): ProfileForm => ({
  username: user.username,
  email: user.email,
  bio: user.bio ?? '',
  currentPassword: '',
  newPassword: '',
  confirmNewPassword: '',
});

/** SPEC §5 Profile: password fields travel only when a new password is entered. */
export function toProfileChanges(values: ProfileValues): ProfileChanges {
  const changes: ProfileChanges = { username: values.username, email: values.email, bio: values.bio ?? '' };
  if (values.newPassword) {
    changes.currentPassword = values.currentPassword ?? '';
    changes.newPassword = values.newPassword;
  }
  return changes;
}

export function AccountForm({ user }: { user: PublicUser }) {
  const bioId = useId();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useSchemaForm(profileFormSchema, valuesFor(user));
  const field = bindField(register, errors);
  const bioLength = (watch('bio') ?? '').length;

  const onSubmit = (values: ProfileValues) =>
    update.mutate(toProfileChanges(values), {
      onSuccess: ({ user: updated }) => reset(valuesFor(updated)),
      onError: (err) => {
        // A refusal that names a field is shown next to it as well as in the toast.
        const field = err instanceof ApiError ? err.field : undefined;
        if (field === 'username' || field === 'email' || field === 'currentPassword' || field === 'newPassword' || field === 'bio') {
          setError(field, { message: errorMessage(err, 'Failed to update profile') });
        }
      },
    });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6" aria-label="Account settings">
      <fieldset className="space-y-2">
        <legend className="mb-4 text-lg font-semibold text-slate-900">Account details</legend>
        <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
          <TextField label="Username" {...field('username')} autoComplete="username" />
          <TextField label="Email" type="email" {...field('email')} autoComplete="email" hint='Change it under "Account": we confirm the new address first.' />
        </div>
        <FormRow
          id={bioId}
          label="Bio"
          error={errors.bio?.message}
          aside={
            <span className={`text-xs ${bioLength > BIO_MAX ? 'text-red-600' : 'text-slate-500'}`} aria-live="polite">
              {bioLength}/{BIO_MAX}
            </span>
          }
        >
          <textarea
            {...describedControl(bioId, errors.bio?.message)}
            rows={4}
            placeholder="Tell the community what bargains you hunt for."
            className={inputClass(!!errors.bio)}
            {...register('bio')}
          />
        </FormRow>
      </fieldset>

      <fieldset className="space-y-2 border-t border-slate-200 pt-6">
        <legend className="float-left w-full text-lg font-semibold text-slate-900">Change password</legend>
        <p className="clear-left pb-2 pt-1 text-sm text-slate-600">Leave these empty to keep your current password.</p>
        <TextField label="Current Password" type="password" {...field('currentPassword')} autoComplete="current-password" />
        <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
          <TextField label="New Password" type="password" {...field('newPassword')} autoComplete="new-password" />
          <TextField label="Confirm New Password" type="password" {...field('confirmNewPassword')} autoComplete="new-password" />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => reset(valuesFor(user))}
          disabled={!isDirty || update.isPending}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-50"
        >
          Cancel
        </button>
        <div className="sm:w-44">
          <SubmitButton busy={update.isPending} busyLabel="Saving...">
            Save changes
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
