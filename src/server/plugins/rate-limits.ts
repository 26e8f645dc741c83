import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isStaff } from '../../shared/domain/access/roles.js';
import { isNewAccount } from '../../shared/domain/members/trust.js';
import { HttpError } from '../http/errors.js';

/**
 * Every rate limit of the API (429 with a message, ARCHITECTURE §7), multiplied by RATE_LIMIT_FACTOR (tests and
 * benchmarks raise it). Generous for a person using the site, tight for a script.
 * - per 'client' (address): the calls made before anyone is signed in;
 * - per 'caller': the signed-in user (the address for visitors, who are refused anyway).
 */
export const RATE_LIMITS = {
  // Auth, per client.
  login: { max: 10, timeWindow: '1 minute', per: 'client' },
  register: { max: 5, timeWindow: '10 minutes', per: 'client' },
  resend: { max: 3, timeWindow: '10 minutes', per: 'client' },
  // Password reset: per client, and per address (the body's email, lower-cased: see addressLimit).
  forgotPassword: { max: 5, timeWindow: '15 minutes', per: 'client' },
  forgotPasswordAddress: { max: 3, timeWindow: '15 minutes', per: 'address' },
  resetPassword: { max: 10, timeWindow: '15 minutes', per: 'client' },
  // A member's own account: the password-checked changes (email, deletion), following a change link, exports.
  account: { max: 10, timeWindow: '15 minutes', per: 'caller' },
  accountLink: { max: 10, timeWindow: '15 minutes', per: 'client' },
  dataExport: { max: 10, timeWindow: '1 hour', per: 'caller' },
  // Two-factor's second step and passkey sign-in, per client (the second step also locks the account after 5 wrong codes).
  twoFactorStep: { max: 10, timeWindow: '1 minute', per: 'client' },
  passkeySignIn: { max: 20, timeWindow: '1 minute', per: 'client' },
  // A member's security settings: sessions, two-factor, passkeys, re-authentication.
  accountSecurity: { max: 30, timeWindow: '1 minute', per: 'caller' },
  // Members' writes.
  vote: { max: 60, timeWindow: '1 minute', per: 'caller' },
  comment: { max: 10, timeWindow: '1 minute', per: 'caller' },
  commentDelete: { max: 60, timeWindow: '1 minute', per: 'caller' },
  dealPost: { max: 10, timeWindow: '1 hour', per: 'caller' },
  dealEdit: { max: 60, timeWindow: '1 hour', per: 'caller' },
  upload: { max: 30, timeWindow: '1 hour', per: 'caller' },
  save: { max: 120, timeWindow: '1 minute', per: 'caller' },
  report: { max: 20, timeWindow: '1 hour', per: 'caller' },
  // Posting (docs/notes/posting.md): reading a pasted link's page for the form, naming a new shop.
  prefill: { max: 20, timeWindow: '10 minutes', per: 'caller' },
  shopPropose: { max: 10, timeWindow: '1 hour', per: 'caller' },
  // Vouchers (docs/notes/vouchers-follows.md): posting, answering; copies are counted per client (visitors copy too).
  voucherPost: { max: 10, timeWindow: '1 hour', per: 'caller' },
  voucherAnswer: { max: 60, timeWindow: '1 minute', per: 'caller' },
  voucherCopy: { max: 60, timeWindow: '1 minute', per: 'client' },
  // Following and unfollowing shops, categories and members.
  follow: { max: 120, timeWindow: '1 minute', per: 'caller' },
  // Keyword alerts: a member's alert writes; the mails' unsubscribe link needs no sign-in, so per client.
  alertWrite: { max: 30, timeWindow: '1 minute', per: 'caller' },
  alertUnsubscribe: { max: 30, timeWindow: '1 minute', per: 'client' },
  // Notifications: marking read and preferences, the stream's tickets, and opening streams (a ticket, no sign-in: per client).
  notificationWrite: { max: 120, timeWindow: '1 minute', per: 'caller' },
  streamTicket: { max: 30, timeWindow: '1 minute', per: 'caller' },
  notificationStream: { max: 30, timeWindow: '1 minute', per: 'client' },
  // Turning push on or off for a device (a subscription costs a DNS lookup of its push service).
  pushDevice: { max: 20, timeWindow: '1 minute', per: 'caller' },
  // Administrators' writes and the calls that reach out to other sites.
  catalog: { max: 120, timeWindow: '1 minute', per: 'caller' },
  scraperRun: { max: 10, timeWindow: '1 minute', per: 'caller' },
  localize: { max: 30, timeWindow: '1 minute', per: 'caller' },
  ai: { max: 30, timeWindow: '1 minute', per: 'caller' },
  // The deal page's view beacon (docs/notes/analytics.md), per client: a page load sends one.
  view: { max: 120, timeWindow: '1 minute', per: 'client' },
  // The team's report queue and vote voiding (moderators too).
  moderation: { max: 120, timeWindow: '1 minute', per: 'caller' },
} as const satisfies Record<string, { max: number; timeWindow: string; per: 'client' | 'caller' | 'address' }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const callerKey = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
const clientKey = (request: FastifyRequest) => `ip:${request.ip}`;

/**
 * Limits that fit the role (docs/notes/trust.md): the members' limits are halved for an account younger than 24 h, and
 * moderators and administrators are not held by the posting and commenting limits at all (an admin adding 30 deals
 * in an hour is normal work).
 */
const MEMBER_LIMITS: ReadonlySet<RateLimitName> = new Set([
  'vote',
  'comment',
  'commentDelete',
  'dealPost',
  'dealEdit',
  'upload',
  'save',
  'report',
  'prefill',
  'shopPropose',
  'voucherPost',
  'voucherAnswer',
]);
const STAFF_FREE: ReadonlySet<RateLimitName> = new Set(['comment', 'commentDelete', 'dealPost', 'dealEdit', 'upload', 'voucherPost']);
const staffRequest = (request: FastifyRequest) => isStaff(request.user);
const newAccountRequest = (request: FastifyRequest) => !!request.user && isNewAccount(request.user.created_at);

/** Route `config` for one of the limits above; routes sharing a name share one budget. */
export function rateLimit(app: FastifyInstance, name: RateLimitName) {
  const l = RATE_LIMITS[name];
  const max = Math.ceil(l.max * app.deps.config.rateLimitFactor);
  const newAccountMax = Math.max(1, Math.ceil(max / 2));
  return {
    rateLimit: {
      max: MEMBER_LIMITS.has(name) ? (request: FastifyRequest) => (newAccountRequest(request) ? newAccountMax : max) : max,
      ...(STAFF_FREE.has(name) ? { allowList: staffRequest } : {}),
      timeWindow: l.timeWindow,
      keyGenerator: l.per === 'caller' ? callerKey : clientKey,
      groupId: name,
    },
  };
}

/** The members' write limits (the name the deal, vote, comment, save and catalogue routes use). */
export const writeLimit = rateLimit;

/**
 * A limit per email address (forgot-password), on top of the route's per-client limit. The key is the body's
 * `email`, trimmed and lower-cased, so it runs as a preHandler once the body is parsed and validated, and it is kept as
 * a sha256 (Redis never sees an address). It counts every request for the address, existing or not, so the 429 tells
 * nothing about which addresses have accounts. @fastify/rate-limit runs one of its own limits per request, so this one
 * is a second counter from `createRateLimit` (same store: memory, or Redis across processes).
 */
export function addressLimit(app: FastifyInstance, name: RateLimitName): preHandlerAsyncHookHandler {
  const l = RATE_LIMITS[name];
  const check = app.createRateLimit({
    max: Math.ceil(l.max * app.deps.config.rateLimitFactor),
    timeWindow: l.timeWindow,
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
      return `${name}:${crypto.createHash('sha256').update(address).digest('hex')}`;
    },
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, `Too many requests. Please try again in ${Math.max(1, result.ttlInSeconds)} seconds.`);
    }
  };
}
