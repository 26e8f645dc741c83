// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../shared/schemas/members/notifications';
import { mockApi, renderWithApp } from '../../test/render-with-app';
import NotificationBell from './NotificationBell';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const reply: Notification = {
  id: 40,
  type: 'comment.reply',
  text: 'bargain_bex replied to your comment on “Air fryer”',
  url: '/dealDetail/12#comment-40',
  actor: { username: 'bargain_bex', avatarUrl: null },
  dealId: 12,
  commentId: 40,
  count: 1,
  createdAt: new Date().toISOString(),
  read: false,
};

function member(count: number) {
  localStorage.setItem('token', 'jwt-1');
  return mockApi({
    'GET /api/notifications/unread-count': ok({ count }),
    'GET /api/notifications': ok({ notifications: [reply], unreadCount: count, totalCount: 1, page: 1, totalPages: 1 }),
    'POST /api/notifications/read': ok({ marked: 1, unreadCount: count - 1 }),
    'POST /api/notifications/read-all': ok({ marked: count, unreadCount: 0 }),
  });
}

describe('NotificationBell', () => {
  it('shows the unread count as a badge, "9+" past nine, and in the document title', async () => {
    member(12);
    document.title = 'Deals — QuidsIn';
    renderWithApp(<NotificationBell />);
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('9+');
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(12) Deals — QuidsIn'));
  });

  it('opens the latest in a panel; "Mark all as read" clears the badge; Escape closes it and returns focus', async () => {
    const api = member(3);
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await screen.findByRole('link', { name: /bargain_bex replied to your comment/ })).toHaveAttribute('href', '/dealDetail/12#comment-40');
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(api.some((c) => c.key === 'POST /api/notifications/read-all')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(panel).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });
});
