import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PublicUser } from '../../../shared/api';
import { BIO_MAX, profileFormSchema } from '../../../shared/schemas/users';
import { ApiError, errorMessage } from '../../api/client';
import { type ProfileChanges, useUpdateProfile } from '../../api/members';
import { toast } from '../../lib/toast';
import { FieldMessage, inputClass, SubmitButton, TextField } from '../auth/FormField';

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
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: valuesFor(user),
  });
  const bioLength = (watch('bio') ?? '').length;

  const onSubmit = async (values: ProfileValues) => {
    try {
      const data = await update.mutateAsync(toProfileChanges(values));
      reset(valuesFor(data.user ?? data));
      toast.success('Profile updated successfully.');
    } catch (err) {
      const message = errorMessage(err, 'Failed to update profile');
      const field = err instanceof ApiError ? err.field : undefined;
      if (field === 'username' || field === 'email' || field === 'currentPassword' || field === 'newPassword' || field === 'bio') {
        setError(field, { message });
      }
      toast.error(message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6" aria-label="Account settings">
      <fieldset className="space-y-2">
        <legend className="mb-4 text-lg font-semibold text-slate-900">Account details</legend>
        <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
          <TextField label="Username" registration={register('username')} error={errors.username?.message} autoComplete="username" />
          <TextField label="Email" type="email" registration={register('email')} error={errors.email?.message} autoComplete="email" />
        </div>
        <div>
          <div className="mb-1.5 flex items-center justify-between">
            <label htmlFor={bioId} className="text-sm font-medium text-slate-700">
              Bio
            </label>
            <span className={`text-xs ${bioLength > BIO_MAX ? 'text-red-600' : 'text-slate-500'}`} aria-live="polite">
              {bioLength}/{BIO_MAX}
            </span>
          </div>
          <textarea
            id={bioId}
            rows={4}
            placeholder="Tell the community what bargains you hunt for."
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? `${bioId}-error` : undefined}
            className={inputClass(!!errors.bio)}
            {...register('bio')}
          />
          <FieldMessage id={bioId} error={errors.bio?.message} />
        </div>
      </fieldset>

      <fieldset className="space-y-2 border-t border-slate-200 pt-6">
        <legend className="float-left w-full text-lg font-semibold text-slate-900">Change password</legend>
        <p className="clear-left pb-2 pt-1 text-sm text-slate-600">Leave these empty to keep your current password.</p>
        <TextField
          label="Current Password"
          type="password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
          autoComplete="current-password"
        />
        <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
          <TextField label="New Password" type="password" registration={register('newPassword')} error={errors.newPassword?.message} autoComplete="new-password" />
          <TextField
            label="Confirm New Password"
            type="password"
            registration={register('confirmNewPassword')}
            error={errors.confirmNewPassword?.message}
            autoComplete="new-password"
          />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => reset(valuesFor(user))}
          disabled={!isDirty || isSubmitting}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-50"
        >
          Cancel
        </button>
        <div className="sm:w-44">
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            Save changes
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
