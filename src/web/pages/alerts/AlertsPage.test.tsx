// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES, type Alert } from '../../../shared/schemas/members/alerts';
import { toast } from '../../lib/toast/toast';
import { type mockApi, mockSignedIn, ok, renderWithApp } from '../../test/render-with-app';
import AlertsPage from './AlertsPage';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const saved: Alert = {
  id: 1,
  query: 'lego',
  // A daily alert narrowed to a shop and a temperature: the card shows its settings, not only the defaults.
  categoryId: null,
  storeId: 12,
  maxPrice: null,
  minTemperature: 100,
  frequency: 'daily',
  paused: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastSentAt: null,
  feedUrl: 'http://localhost/feeds/alerts/1.token.xml',
};

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockSignedIn({
    'GET /api/categories': ok([{ id: 3, name: 'Electronics' }]),
    'GET /api/stores': ok([{ id: 12, name: 'Argos' }]),
    'GET /api/alerts': ok({ alerts: [saved] }),
    ...extra,
  });
}

describe('AlertsPage', () => {
  it('tells visitors what alerts do and signs them in back to the same prefilled page', async () => {
    renderWithApp(<AlertsPage />, { path: '/alerts', route: '/alerts?query=air+fryer' });
    expect(await screen.findByRole('heading', { name: 'How alerts work' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to create an alert' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('prefills from browse, checks with the shared messages, and creates the alert with the form values', async () => {
    const calls = signedIn({ 'POST /api/alerts': ok({ alert: { ...saved, id: 2, query: 'air fryer', categoryId: 3 } }, 201) });
    renderWithApp(<AlertsPage />, { path: '/alerts', route: '/alerts?query=air+fryer&categoryId=3' });
    const keywords = await screen.findByLabelText('Keywords');
    expect(keywords).toHaveValue('air fryer');
    await waitFor(() => expect(screen.getByLabelText(/^Category/)).toHaveValue('3'));

    await userEvent.clear(keywords);
    await userEvent.tab();
    expect(await screen.findByText(ALERT_MESSAGES.queryRequired)).toBeInTheDocument();
    await userEvent.type(keywords, 'air fryer');
    await userEvent.type(screen.getByLabelText(/^Max price/), 'abc');
    await userEvent.tab();
    expect(await screen.findByText(ALERT_MESSAGES.maxPrice)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Max price/));

    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/alerts')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.key === 'POST /api/alerts')?.init?.body));
    expect(body).toEqual({ query: 'air fryer', categoryId: 3, storeId: null, maxPrice: null, minTemperature: null, frequency: 'instant', paused: false });
    expect(toast.success).toHaveBeenCalled();
  });

  it("shows the server's 25-alert refusal as a toast", async () => {
    signedIn({ 'POST /api/alerts': { status: 409, body: { success: false, error: ALERT_MESSAGES.tooMany } } });
    renderWithApp(<AlertsPage />, { path: '/alerts' });
    await userEvent.type(await screen.findByLabelText('Keywords'), 'ps5');
    await userEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(ALERT_MESSAGES.tooMany));
  });

  it('lists the alerts with their feed, pauses one, and asks before deleting', async () => {
    const calls = signedIn({
      'PUT /api/alerts/1': ok({ alert: { ...saved, paused: true } }),
      'DELETE /api/alerts/1': ok({ id: 1, deleted: true }),
    });
    renderWithApp(<AlertsPage />, { path: '/alerts' });
    const card = (await screen.findAllByTestId('alert-card'))[0];
    expect(within(card).getByRole('link', { name: 'RSS feed of this alert' })).toHaveAttribute('href', saved.feedUrl);
    expect(await within(card).findByText('at Argos, from 100° · daily digest')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Pause alert “lego”' }));
    await waitFor(() => expect(JSON.parse(String(calls.find((c) => c.key === 'PUT /api/alerts/1')?.init?.body))).toEqual({ paused: true }));

    await userEvent.click(within(card).getByRole('button', { name: 'Delete alert “lego”' }));
    // The dialog's code is fetched when it first opens: give it time on a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(calls.some((c) => c.key === 'DELETE /api/alerts/1')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete alert' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/alerts/1')).toBe(true));
  });
});
