import { Camera, CalendarDays, Mail, ShieldCheck } from 'lucide-react';
import { useRef } from 'react';
import type { PublicUser } from '../../../shared/schemas/members/users';
import { capitalise } from '../../../shared/domain/deals/deal-status';
import { useUploadAvatar } from '../../api/members/members';
import { Avatar } from '../../components/Avatar';
import { shortDate } from '../../components/deal/format';
import { toast } from '../../lib/toast/toast';
import { avatarFileError } from './avatar-file';

/** Avatar with upload, username, role and member-since date. */
export function ProfileHeader({ user }: { user: PublicUser }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="flex flex-col items-center gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:p-8">
      <div className="relative shrink-0">
        <span className="block overflow-hidden rounded-full ring-4 ring-emerald-50" data-testid="profile-avatar">
          <Avatar key={user.avatar ?? 'none'} user={user} size={96} />
        </span>
        {upload.isPending && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70" role="status">
            <span className="h-6 w-6 animate-spin rounded-full border-2 border-emerald-200 border-t-emerald-600" aria-hidden="true" />
            <span className="sr-only">Uploading avatar</span>
          </span>
        )}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          aria-label="Change avatar"
          title="Change avatar"
          className="absolute -bottom-1 -right-1 flex h-9 w-9 items-center justify-center rounded-full border-2 border-white bg-emerald-700 text-white shadow hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:opacity-60"
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Avatar image file"
          data-testid="avatar-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </div>
      <div className="min-w-0 text-center sm:text-left">
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <h1 className="truncate text-2xl font-bold text-slate-900">{user.username}</h1>
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">Role: </span>
            {capitalise(user.role)}
          </span>
        </div>
        <dl className="mt-2 flex flex-col items-center gap-1 text-sm text-slate-600 sm:items-start">
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays className="h-4 w-4 text-slate-400" aria-hidden="true" />
              <span className="sr-only">Joined</span>
            </dt>
            <dd>Member since {shortDate(user.createdAt)}</dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <dt>
              <Mail className="h-4 w-4 text-slate-400" aria-hidden="true" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="truncate">{user.email}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-slate-500">Avatar: any image up to 2MB.</p>
      </div>
    </div>
  );
}
