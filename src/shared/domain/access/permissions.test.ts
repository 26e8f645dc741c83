import { describe, expect, it } from 'vitest';
import { DEAL_STATUSES } from '../../schemas/deals/deals.js';
import { ROLES } from '../../schemas/members/users.js';
import { isLive, isPublicStatus, PUBLIC_STATUSES } from '../deals/deal-visibility.js';
import {
  canChangeDealStatus,
  canDeleteComment,
  canLikeComment,
  canManageDeal,
  canManageProfile,
  canReportDeal,
  canViewDeal,
  canVoteOn,
  isSeededAdmin,
  mayHoldRole,
  SEEDED_ADMIN_IDS,
} from './permissions.js';
import { isAdmin, isOwner, isStaff } from './roles.js';

const member = { id: 10, role: 'user' };
const other = { id: 11, role: 'user' };
const moderator = { id: 20, role: 'moderator' };
const admin = { id: 30, role: 'admin' };
const NOW = Date.parse('2026-06-01T12:00:00Z');

describe('public statuses', () => {
  it('are active and expired, and only those of the deal statuses', () => {
    expect([...PUBLIC_STATUSES]).toEqual(['active', 'expired']);
    expect(DEAL_STATUSES.filter(isPublicStatus)).toEqual(['active', 'expired']);
    for (const s of ['pending', 'rejected', 'deleted', '', 'ACTIVE']) expect(isPublicStatus(s)).toBe(false);
  });

  it('a live deal is active and not past its expiry', () => {
    expect(isLive('active', null, NOW)).toBe(true);
    expect(isLive('active', '2026-06-01T12:00:01Z', NOW)).toBe(true);
    expect(isLive('active', '2026-06-01T12:00:00Z', NOW)).toBe(false);
    expect(isLive('expired', null, NOW)).toBe(false);
    expect(isLive('pending', null, NOW)).toBe(false);
  });
});

describe('roles', () => {
  it('decides admin by role alone: the seeded ids are admins because they hold the role', () => {
    expect(isAdmin(admin)).toBe(true);
    const seeded = { id: 1, role: 'user' };
    expect(isAdmin(seeded)).toBe(false);
    const second = { id: 2, role: 'moderator' };
    expect(isAdmin(second)).toBe(false);
    expect(isAdmin(moderator)).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('the team is moderators and admins', () => {
    expect([member, moderator, admin, null].map(isStaff)).toEqual([false, true, true, false]);
    expect(ROLES.filter((role) => isStaff({ role }))).toEqual(['moderator', 'admin']);
  });

  it('the seeded administrators can never be given another role; everyone else any role', () => {
    expect([...SEEDED_ADMIN_IDS]).toEqual([1, 2]);
    for (const id of SEEDED_ADMIN_IDS) {
      expect(isSeededAdmin(id)).toBe(true);
      expect(ROLES.filter((role) => mayHoldRole(id, role))).toEqual(['admin']);
    }
    expect(isSeededAdmin(3)).toBe(false);
    expect(ROLES.filter((role) => mayHoldRole(3, role))).toEqual([...ROLES]);
  });
});

describe('ownership rules (SPEC §6)', () => {
  it('owner is the signed-in account with the owner id; nobody owns an ownerless thing', () => {
    expect(isOwner(member, 10)).toBe(true);
    expect(isOwner(member, 11)).toBe(false);
    expect(isOwner(member, null)).toBe(false);
    expect(isOwner(null, 10)).toBe(false);
  });

  it('a deal is managed by its owner or the team; its status by an admin only', () => {
    expect([member, other, moderator, admin, null].map((who) => canManageDeal(who, member.id))).toEqual([true, false, true, true, false]);
    expect(canManageDeal(member, null)).toBe(false);
    expect(canManageDeal(moderator, null)).toBe(true);
    expect([member, moderator, admin, null].map(canChangeDealStatus)).toEqual([false, false, true, false]);
  });

  it('public deals are seen by everyone, the rest by the owner and the team', () => {
    for (const status of DEAL_STATUSES) {
      const deal = { status, ownerId: member.id };
      const pub = status === 'active' || status === 'expired';
      expect([null, other, member, moderator, admin].map((who) => canViewDeal(who, deal))).toEqual([pub, pub, true, true, true]);
    }
  });

  it('comments: delete own or any as the team; like any but one’s own', () => {
    expect([member, other, moderator, admin, null].map((who) => canDeleteComment(who, member.id))).toEqual([true, false, true, true, false]);
    expect([member, other, moderator, admin, null].map((who) => canLikeComment(who, member.id))).toEqual([false, true, true, true, false]);
  });

  it('votes and reports: a member on someone else’s live deal', () => {
    const live = { ownerId: member.id, status: 'active', expiresAt: null };
    expect([member, other, moderator, admin, null].map((who) => canVoteOn(who, live, NOW))).toEqual([false, true, true, true, false]);
    expect(canVoteOn(other, { ...live, expiresAt: '2026-05-01T00:00:00Z' }, NOW)).toBe(false);
    expect(canVoteOn(other, { ...live, status: 'expired' }, NOW)).toBe(false);
    expect(canVoteOn(other, { ...live, status: 'pending' }, NOW)).toBe(false);
    expect(canReportDeal(other, live, NOW)).toBe(true);
    expect(canReportDeal(member, live, NOW)).toBe(false);
  });

  it('a profile is its owner’s or an admin’s', () => {
    expect([member, other, moderator, admin, null].map((who) => canManageProfile(who, member.id))).toEqual([true, false, false, true, false]);
  });
});
