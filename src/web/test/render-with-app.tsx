import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { PublicUser } from '../../shared/schemas/members/users';
import { AuthProvider } from '../app/auth/AuthContext';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup. Every test starts signed out
// (no stored token) with fresh fetch stubs and toast spies.
afterEach(cleanup);
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Replaces the labelled field's text (or just visits it when `text` is empty) and leaves it, as a user would. */
export async function blurWith(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  else await userEvent.click(input);
  await userEvent.tab();
  return input;
}

/** Leaves the labelled field with `text` in it and expects the rule's message beside it. */
export async function expectBlurError(label: string, text: string, message: string) {
  await blurWith(label, text);
  expect(await screen.findByText(message)).toBeInTheDocument();
}

/** Shows where the router ended up, so a test can assert a redirect. */
function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

/** Renders a page inside the app's providers at `path` (with optional router state) for component tests. */
export function renderWithApp(page: ReactNode, { path = '/', route = path, state }: { path?: string; route?: string; state?: unknown } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: route.split('?')[0], search: route.includes('?') ? `?${route.split('?')[1]}` : '', state }]}>
        <AuthProvider>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<WhereAmI />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

type Reply = { status: number; body: unknown };
type Replies = Record<string, Reply | ((init: RequestInit | undefined) => Reply)>;

/** A success envelope (SPEC §8) as a canned reply. */
export const ok = (data: unknown, status = 200): Reply => ({ status, body: { success: true, data } });

/** The signed-in member of the component tests. */
export const testMember: PublicUser = {
  id: 7,
  username: 'sam',
  email: 'sam@example.com',
  role: 'user',
  avatar: null,
  bio: null,
  emailVerified: true,
  createdAt: '2024-03-03T14:05:00.000Z',
};

/** Signs `user` in through a stored token (the app asks /auth/me on start), with the other replies of `mockApi`. */
export function mockSignedIn(replies: Replies = {}, user: PublicUser = testMember) {
  localStorage.setItem('token', 'jwt-1');
  return mockApi({ 'GET /api/auth/me': ok({ user }), ...replies });
}

/** Replaces fetch with canned envelopes, keyed by 'METHOD /api/path' (query string ignored); records the calls. */
export function mockApi(replies: Replies) {
  const calls: Array<{ key: string; init: RequestInit | undefined }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, init });
    const entry = replies[key];
    if (!entry) return new Response(JSON.stringify({ success: false, error: `Unmocked ${key}` }), { status: 500 });
    const reply = typeof entry === 'function' ? entry(init) : entry;
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
