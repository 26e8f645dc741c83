import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { AlertCircle, RefreshCw } from 'lucide-react';
import { useDashboard } from '../../../api/admin/admin';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { QuickAccess } from './QuickAccess';
import { ActivitySkeleton, RecentActivity } from './RecentActivity';
import { StatCards, StatSkeletons } from './StatCards';

export default function DashboardPage() {
  const { data, isPending } = useDashboard();

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="An overview of QuidsIn: members, deals and what happened lately." />
      {data?.failed ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <div className="flex items-start gap-3">
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">Failed to load dashboard data. Please try again later.</p>
              <button type="button" onClick={() => window.location.reload()} className={`${btnPrimary} mt-4`}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                Retry
              </button>
            </div>
          </div>
        </div>
      ) : (
        <TabGroup>
          <TabList className="mb-6 inline-flex rounded-lg bg-slate-200/70 p-1">
            {['Statistics', 'Quick Access'].map((t) => (
              <Tab
                key={t}
                className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-emerald-500 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm"
              >
                {t}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel className="space-y-8 focus:outline-none">
              <section aria-labelledby="overview-heading">
                <h2 id="overview-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Overview
                </h2>
                {isPending || !data ? <StatSkeletons /> : <StatCards stats={data.stats} />}
              </section>
              <section aria-labelledby="activity-heading">
                <h2 id="activity-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Recent Activity
                </h2>
                {isPending || !data ? <ActivitySkeleton /> : <RecentActivity items={data.recentActivity} />}
              </section>
            </TabPanel>
            <TabPanel className="focus:outline-none">
              <QuickAccess />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      )}
    </div>
  );
}
