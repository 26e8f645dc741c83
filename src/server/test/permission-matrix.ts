/** What the permission matrix tests share: the kinds of caller, who they are, and how a row's answers are compared. */
import { expect } from 'vitest';
import type { Harness, TestUser } from './harness.js';

/** The callers a matrix tries every route as; its rows list the expected statuses in this order. */
export type Role = 'visitor' | 'member' | 'owner' | 'moderator' | 'admin' | 'unverified';
export const ROLES: Role[] = ['visitor', 'member', 'owner', 'moderator', 'admin', 'unverified'];

/**
 * One account of each kind (a visitor sends no token): the owner of each cell's records, another member, a moderator,
 * the administrator, and an account whose email is not verified yet.
 */
export async function matrixCallers(h: Harness): Promise<{ owner: TestUser; tokens: Partial<Record<Role, string>> }> {
  const owner = await h.createUser();
  const member = await h.createUser();
  const moderator = await h.createUser({ role: 'moderator' });
  const admin = await h.adminToken();
  const unverified = await h.createUser({ verified: false });
  return { owner, tokens: { owner: owner.token, member: member.token, moderator: moderator.token, admin, unverified: unverified.token } };
}

/**
 * An account whose email is not verified yet is a visitor who is asked to verify rather than to sign in: 403 wherever a
 * visitor gets 401 (every write, and the reads that need an account), a visitor's answer elsewhere.
 */
export const unverifiedAnswer = (visitor: number) => (visitor === 401 ? 403 : visitor);

/** Compares a row's answers keyed by role, so a failure names the caller that got the wrong one. */
export function expectByRole(actual: readonly number[], expected: readonly number[], roles: readonly Role[] = ROLES) {
  const byRole = (statuses: readonly number[]) => Object.fromEntries(roles.map((r, i) => [r, statuses[i]]));
  expect(byRole(actual)).toEqual(byRole(expected));
}
