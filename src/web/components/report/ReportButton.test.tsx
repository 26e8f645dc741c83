// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES } from '../../../shared/schemas/admin/reports';
import { toast } from '../../lib/toast/toast';
import { mockSignedIn, renderWithApp, testMember } from '../../test/render-with-app';
import { ReportButton } from './ReportButton';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const deal = { id: 42, title: 'Air fryer', userId: 9, status: 'active' as const, expiresAt: null };

describe('ReportButton', () => {
  it('is only for active deals not past their expiry', async () => {
    mockSignedIn();
    for (const closed of [
      { ...deal, status: 'expired' as const },
      { ...deal, expiresAt: '2020-01-01T00:00:00.000Z' },
    ]) {
      const { unmount } = renderWithApp(<ReportButton deal={closed} />);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
      unmount();
    }
    renderWithApp(<ReportButton deal={deal} />);
    expect(await screen.findByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('is not offered to visitors nor to the deal owner', async () => {
    const { unmount } = renderWithApp(<ReportButton deal={deal} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    unmount();
    mockSignedIn();
    renderWithApp(<ReportButton deal={{ ...deal, userId: testMember.id }} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('asks for a note with "Something else", sends the report, and shows the server\'s refusal', async () => {
    let reply = { status: 201, body: { success: true, data: { id: 1, dealExpired: false } } };
    const calls = mockSignedIn({ 'POST /api/deals/42/reports': () => reply });
    renderWithApp(<ReportButton deal={deal} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this deal' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByLabelText('Something else'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/deals/42/reports')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/^Note/), 'Sold out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REPORT_MESSAGES.created));
    expect(JSON.parse(String(calls.find((c) => c.key === 'POST /api/deals/42/reports')?.init?.body))).toEqual({ reason: 'other', note: 'Sold out everywhere' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    reply = { status: 409, body: { success: false, error: REPORT_MESSAGES.already } } as never;
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Report this deal' });
    await userEvent.click(within(again).getByLabelText('Deal has expired'));
    await userEvent.click(within(again).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(REPORT_MESSAGES.already));
  });
});
