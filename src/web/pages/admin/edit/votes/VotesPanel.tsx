import { Flame, Snowflake } from 'lucide-react';
import { useState } from 'react';
import { useDealVotes, useVoidVotes } from '../../../../api/admin/admin-votes';
import { formatDateTime } from '../../../../lib/dates/dates';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { Pagination } from '../../../../components/menus/Pagination';
import { Spinner } from '../../../../components/Spinner';
import { btnDangerOutline } from '../../components/buttons';
import { listError } from '../../components/format';
import { Table } from '../../components/Table';
import { ageText, selectedOnPage, toggled } from './vote-words';
import { ReasonField } from '../../components/form/ReasonField';

/**
 * The admin edit deal "Votes" panel (docs/notes/trust.md): every vote with its voter, direction, the account's age when it voted,
 * and how many votes on this deal came from the same network; tick votes and void them (confirmed, with an optional
 * public reason). The temperature is worked out again on the server and shown here at once.
 */
export function VotesPanel({ dealId }: { dealId: number }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const votes = useDealVotes(dealId, page);
  const voidVotes = useVoidVotes(dealId);
  const data = votes.data;
  const ids = data?.votes.map((v) => v.id) ?? [];
  const chosen = selectedOnPage(selected, ids);
  const allChosen = ids.length > 0 && chosen.length === ids.length;

  const changePage = (p: number) => {
    setSelected(new Set());
    setPage(p);
  };
  const confirmVoid = () =>
    voidVotes.mutate(
      { voteIds: chosen, reason },
      {
        onSuccess: () => {
          setSelected(new Set());
          setReason('');
        },
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <section aria-labelledby="votes-heading" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="votes-panel">
      <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="votes-heading" className="text-lg font-semibold text-slate-900">
            Votes
          </h2>
          {data && (
            <p className="mt-0.5 text-sm text-slate-600" aria-live="polite">
              Temperature{' '}
              <strong className="font-semibold text-slate-900" data-testid="votes-temperature">
                {data.temperature}°
              </strong>{' '}
              · <span className="text-red-700">{data.upvotes} hot</span> · <span className="text-blue-700">{data.downvotes} cold</span>
            </p>
          )}
        </div>
        <button type="button" className={btnDangerOutline} disabled={chosen.length === 0 || voidVotes.isPending} onClick={() => setConfirming(true)}>
          Void selected votes{chosen.length > 0 ? ` (${chosen.length})` : ''}
        </button>
      </div>

      {votes.isError && !data ? (
        <p role="alert" className="p-5 text-sm text-red-800">
          {listError(votes.error, 'Failed to fetch votes', 'An error occurred while fetching votes')}
        </p>
      ) : !data ? (
        <Spinner label="Loading votes" />
      ) : data.votes.length === 0 ? (
        <p className="p-8 text-center text-sm text-slate-500">No votes on this deal yet.</p>
      ) : (
        <div className={votes.isFetching ? 'opacity-70' : ''}>
          <Table
            columns={[
              {
                label: (
                  <input
                    type="checkbox"
                    aria-label="Select every vote on this page"
                    checked={allChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(ids))}
                    className="h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-500"
                  />
                ),
                className: 'w-10',
              },
              { label: 'Voter' },
              { label: 'Vote' },
              { label: 'Account age', className: 'whitespace-nowrap' },
              { label: 'Same network', className: 'whitespace-nowrap' },
              { label: 'Time' },
            ]}
          >
            {data.votes.map((v) => {
              const clustered = (v.networkClusterSize ?? 0) > 1;
              return (
                <tr key={v.id} className={selected.has(v.id) ? 'bg-amber-50' : clustered ? 'bg-orange-50/40' : undefined} data-testid="vote-row">
                  <td className="px-4 py-2.5">
                    <input
                      type="checkbox"
                      aria-label={`Select the ${v.direction === 'up' ? 'hot' : 'cold'} vote by ${v.voter.username}`}
                      checked={selected.has(v.id)}
                      onChange={() => setSelected((s) => toggled(s, v.id))}
                      className="h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-500"
                    />
                  </td>
                  <td className="px-4 py-2.5 font-medium text-slate-900">{v.voter.username}</td>
                  <td className="whitespace-nowrap px-4 py-2.5">
                    {v.direction === 'up' ? (
                      <span className="inline-flex items-center gap-1 text-red-700">
                        <Flame className="h-4 w-4" aria-hidden="true" />
                        Hot
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-blue-700">
                        <Snowflake className="h-4 w-4" aria-hidden="true" />
                        Cold
                      </span>
                    )}
                    {v.weight < 1 && <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">half</span>}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">{ageText(v.accountAgeHours)}</td>
                  <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">
                    {v.networkClusterSize === null ? (
                      <span className="text-slate-500">unknown</span>
                    ) : clustered ? (
                      <span className="font-semibold text-orange-800">
                        {v.networkClusterSize} votes · group {v.networkGroup}
                      </span>
                    ) : (
                      '1 (alone)'
                    )}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2.5 text-slate-600">{formatDateTime(new Date(v.createdAt))}</td>
                </tr>
              );
            })}
          </Table>
          <div className="px-5 pb-4">
            <Pagination page={page} totalPages={data.totalPages} onPageChange={changePage} label="Vote pages" />
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Void ${chosen.length} ${chosen.length === 1 ? 'vote' : 'votes'}?`}
        message="The votes are removed and the deal's temperature is worked out again from the votes that remain. The members can vote again."
        confirmLabel="Void votes"
        busyLabel="Voiding..."
        busy={voidVotes.isPending}
        onConfirm={confirmVoid}
        onClose={() => setConfirming(false)}
      >
        <div className="mt-4">
          <ReasonField value={reason} onChange={setReason} note="optional; public in the moderation log" placeholder="e.g. Vote ring" />
        </div>
      </ConfirmDialog>
    </section>
  );
}
