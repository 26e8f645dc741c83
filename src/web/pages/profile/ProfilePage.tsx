import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Activity, Bell, Bookmark, ShieldCheck, UserCog, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { useProfile } from '../../api/members/members';
import { toast } from '../../lib/toast/toast';
import { IconCircle } from '../../components/icons/IconCircle';
import { AccountForm } from './AccountForm';
import { ChangeEmail } from './ChangeEmail';
import { DeleteAccount } from './DeleteAccount';
import { YourData } from './YourData';
import { NotificationSettings } from './NotificationSettings';
import { ProfileHeader } from './ProfileHeader';
import { usePageTitle } from '../../app/usePageTitle';

const TABS = [
  { label: 'Profile', icon: UserRound },
  { label: 'Notifications', icon: Bell },
  { label: 'Account', icon: UserCog },
  { label: 'Security', icon: ShieldCheck },
  { label: 'Saved Deals', icon: Bookmark },
  { label: 'Activity', icon: Activity },
] as const;

// Two-factor, passkeys, sessions and activity (docs/notes/account-security.md): fetched when the tab is first shown.
const SecuritySettings = lazy(() => import('../security/SecuritySettings'));
/** /user/profile#notifications, #account (and #your-data, the export mail's link) and #security open their tabs. */
const TAB_OF_HASH: Record<string, number> = { '#notifications': 1, '#account': 2, '#your-data': 2, '#security': 3 };

function ProfileSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-6">
      <div className="flex flex-col items-center gap-5 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:p-8">
        <div className="h-24 w-24 rounded-full bg-slate-200" />
        <div className="space-y-3">
          <div className="h-6 w-40 rounded bg-slate-200" />
          <div className="h-4 w-56 rounded bg-slate-200" />
        </div>
      </div>
      <div className="h-96 rounded-2xl border border-slate-200 bg-white" />
    </div>
  );
}

export default function ProfilePage() {
  usePageTitle('Your profile');
  const profile = useProfile();
  // The inbox's settings link, the export mail's link and the staff two-factor requirement open their tabs.
  const { hash } = useLocation();
  const [tab, setTab] = useState(TAB_OF_HASH[hash] ?? 0);
  useEffect(() => {
    if (hash in TAB_OF_HASH) setTab(TAB_OF_HASH[hash]);
  }, [hash]);

  useEffect(() => {
    if (profile.isError) toast.error('Failed to fetch user profile');
  }, [profile.isError]);

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      {profile.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading your profile
          </span>
          <ProfileSkeleton />
        </>
      ) : profile.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-lg font-semibold text-red-800">Failed to fetch user profile</h1>
          <button
            type="button"
            onClick={() => profile.refetch()}
            className="mt-4 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-100"
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="space-y-6">
          <ProfileHeader user={profile.data} />
          <TabGroup selectedIndex={tab} onChange={setTab} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <TabList className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 sm:px-4">
              {TABS.map(({ label, icon: Icon }) => (
                <Tab
                  key={label}
                  className="flex shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-3.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-inset data-[focus]:ring-emerald-500 data-[selected]:border-emerald-600 data-[selected]:text-emerald-700 sm:px-4"
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {label}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="p-5 sm:p-8">
              <TabPanel className="focus:outline-none">
                <AccountForm key={profile.data.id} user={profile.data} />
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <NotificationSettings />
              </TabPanel>
              <TabPanel className="space-y-8 focus:outline-none">
                <ChangeEmail current={profile.data.email} />
                <YourData />
                <DeleteAccount username={profile.data.username} />
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <Suspense fallback={<p className="text-sm text-slate-600">Loading your security settings...</p>}>
                  <SecuritySettings />
                </Suspense>
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <Placeholder icon={Bookmark} title="Saved deals">
                  The deals you save have their own page.{' '}
                  <Link to="/user/saved-deals" className="font-semibold text-emerald-700 hover:underline">
                    View your saved deals
                  </Link>
                </Placeholder>
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <Placeholder icon={Activity} title="Activity">
                  Your recent activity will appear here.
                </Placeholder>
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </div>
      )}
    </section>
  );
}

function Placeholder({ icon, title, children }: { icon: typeof Activity; title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center py-10 text-center">
      <IconCircle icon={icon} className="h-14 w-14 bg-slate-100" iconClassName="h-7 w-7 text-slate-400" />
      <h2 className="mt-4 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{children}</p>
    </div>
  );
}
