import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  duplicateDealReplySchema,
  duplicateVoucherReplySchema,
  errorReplySchema,
  fieldErrorReplySchema,
  pendingDealReplySchema,
  scraperFailedReplySchema,
  unverifiedLoginReplySchema,
  validationErrorReplySchema,
} from '../../shared/schemas/errors.js';
import { isAdminAreaUrl } from './auth.js';

/**
 * The error replies of every JSON route, declared where the error handler (./errors.ts) is: an onRoute hook adds them
 * to the route's `schema.response` from what the route is, so the OpenAPI document at /api/docs lists them and the
 * tests check every error reply against them (http/serializer.ts: the shape, and that the status is declared at all).
 * docs/notes/contract.md says how; a route keeps any status it declares itself.
 *
 * What a route is tells most of it (see `errorStatusesFor`); what only its handler knows (a 409 for a taken name, a 404
 * for a record named in the body, a 502 of a site it reaches) is in ROUTE_ERRORS below.
 */

/** The error statuses the API gives. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/** What each status means, whichever route gives it: the response's description in the OpenAPI document. */
const MEANING: Record<ErrorStatus, string> = {
  400: "The request is malformed or breaks the route's schema (any text holding a NUL character is refused too): `field` names the first bad field, `fields` every one.",
  401: 'Not signed in, or the session expired: sign in again.',
  403: 'Signed in but not allowed: the account must verify its email address first, lacks the role, or the rule forbids it (the message says which).',
  404: 'Not found: the record the request names does not exist, or is not visible to the caller.',
  409: 'Conflicts with what exists: already taken, already done, or still in use.',
  410: 'Gone: the file was there but has expired and been removed (a data export after 48 hours).',
  413: 'Too large: the body (over 1 MB) or the upload.',
  415: 'Unsupported content type: JSON is read (multipart/form-data for uploads), or the upload is not an image.',
  422: 'Understood, but there is nothing to work with (e.g. a product page without a description).',
  429: 'Too many requests: the message says when to try again.',
  500: 'Something went wrong on our side.',
  502: 'Another site or service the route reaches answered with an error or nothing usable.',
  503: 'Too busy to answer now (the database had no connection or lock free in time): nothing was changed; try again after Retry-After seconds.',
  504: 'Another site or service the route reaches did not answer in time.',
};

/** The reply each status has unless a route says otherwise. */
const DEFAULT_SCHEMA: Partial<Record<ErrorStatus, z.ZodType>> = {
  400: validationErrorReplySchema,
  409: fieldErrorReplySchema,
  413: fieldErrorReplySchema,
  415: fieldErrorReplySchema,
};

/** A status a route adds: `true` for the status's usual reply, or the reply's own schema; `false` drops an inferred one. */
export type ErrorReplies = Partial<Record<ErrorStatus, boolean | z.ZodType>>;

/**
 * What the handlers (and the commands and queries they call) can answer beyond what the route's shape tells, by
 * method and path: mostly 404 for a record named in the body, 409 for what already exists, and the answers of routes
 * that reach out to other sites. The contract test checks that each names a registered route.
 */
export const ROUTE_ERRORS: Record<string, ErrorReplies> = {
  // Sign-up and sign-in: 'public' routes, where the rule below infers no 401/403.
  'POST /api/auth/register': { 409: true },
  'POST /api/auth/login': { 401: true, 403: unverifiedLoginReplySchema },
  // Members' writes naming a deal or a comment in the body; one vote, one open report, one alert of a kind.
  'POST /api/votes': { 404: true, 409: true },
  'POST /api/comments': { 404: true },
  'POST /api/deals/:id/reports': { 409: true },
  'POST /api/alerts': { 409: true },
  'PUT /api/alerts/:id': { 409: true },
  'GET /api/alerts/unsubscribe': { 404: true },
  'POST /api/alerts/unsubscribe': { 404: true },
  'PUT /api/users/:id/profile': { 409: true },
  // A member's rights over their data (docs/notes/data-rights.md): an address in use, one export at a time, an export
  // not ready yet or expired; deleting a staff account is refused (403) even though the route is open to unverified accounts.
  'POST /api/account/email': { 409: true },
  'POST /api/account/email/confirm': { 409: true },
  'POST /api/account/export': { 409: true },
  'GET /api/account/exports/:id/download': { 409: true, 410: true },
  'POST /api/account/delete': { 403: true },
  'POST /api/admin/users/:id/export': { 409: true },
  // Two-factor's second step and passkey sign-in (features/security): a wrong code, an unknown step or an unknown
  // passkey is 401; an unverified account's passkey 403; already on, or too many passkeys, 409.
  'POST /api/auth/login/two-factor': { 401: true },
  'POST /api/auth/passkey': { 401: true, 403: true },
  'POST /api/account/two-factor/setup': { 409: true },
  'POST /api/account/two-factor/enable': { 409: true },
  'POST /api/account/passkeys/options': { 409: true },
  'POST /api/account/passkeys': { 409: true },
  'POST /api/account/reauthenticate': { 401: true },
  // The live stream is opened with a ticket, not a session: a missing, forged or expired ticket is 401.
  'GET /api/notifications/stream': { 401: true },
  // A member's devices are capped (shared/domain/members/push.ts MAX_PUSH_DEVICES).
  'POST /api/notifications/push/devices': { 409: true },
  // A pending deal is "not active" to anyone but its owner and the team (deals/policy.ts assertCanView).
  'GET /api/deals/:id': { 403: pendingDealReplySchema },
  'GET /api/deals/:id/price-history': { 403: pendingDealReplySchema },
  'GET /api/comments/:dealId': { 403: pendingDealReplySchema },
  'POST /api/deals/:id/save': { 403: pendingDealReplySchema },
  // Unsaving is idempotent: a deal that is not there is simply not saved.
  'DELETE /api/deals/:id/save': { 404: false },
  // A new deal of a product already posted (products/commands.ts), a catalogue entry already named or still in use.
  'POST /api/deals': { 409: duplicateDealReplySchema },
  // Paste a link (docs/notes/posting.md): a page that cannot be read is a 422 with a note, never a 5xx.
  'POST /api/deals/prefill': { 422: true },
  // The team's review: a deal in the wrong state to pull back or reject; a shop merged into a missing one.
  'POST /api/admin/deals/:id/pull-back': { 400: true },
  'POST /api/admin/stores/:id/merge': { 404: true },
  'POST /api/stores/propose': { 400: true },
  'POST /api/admin/deals': { 409: duplicateDealReplySchema },
  'POST /api/categories': { 409: true },
  'PUT /api/categories/:id': { 409: true },
  'DELETE /api/categories/:id': { 409: true },
  'POST /api/admin/categories': { 409: true },
  'PUT /api/admin/categories/:id': { 409: true },
  'DELETE /api/admin/categories/:id': { 409: true },
  'POST /api/stores': { 409: true },
  'PUT /api/stores/:id': { 409: true },
  'DELETE /api/stores/:id': { 409: true },
  'POST /api/admin/stores': { 409: true },
  'PUT /api/admin/stores/:id': { 409: true },
  'DELETE /api/admin/stores/:id': { 409: true },
  // The Following tab (GET /deals?following=1) is a member's own list: a visitor is told to log in, an unverified account to verify.
  'GET /api/deals': { 401: true, 403: true },
  // Vouchers (docs/notes/vouchers-follows.md): a shop that does not exist, a code already live, an open report,
  // a decision on a voucher that is not pending; follows: something that does not exist, the 500 limit.
  'POST /api/vouchers': { 404: true, 409: duplicateVoucherReplySchema },
  'POST /api/vouchers/:id/reports': { 409: true },
  'POST /api/admin/vouchers/:id/approve': { 409: duplicateVoucherReplySchema },
  'POST /api/admin/vouchers/:id/reject': { 409: true },
  'POST /api/admin/vouchers/:id/reports/resolve': { 409: true },
  'POST /api/follows': { 404: true, 409: true },
  // The team's report queue: a deal without open reports.
  'POST /api/admin/reports/:dealId/resolve': { 409: true },
  // Routes that fetch other sites or call the AI service (services/safe-fetch, services/ai): a page with nothing to
  // describe, a site or model that fails or is slow. A scraper run records a failed fetch and answers 502 with its log
  // entry (scrapers/runner.ts); the activation's tasks report their failures inside its success (admin/deals/activation.ts).
  'POST /api/ai/generate': { 422: true, 502: true, 504: true },
  'POST /api/admin/deals/localize-image': { 404: true, 502: true, 504: true },
  'POST /api/admin/scrapers/run': { 404: true, 502: scraperFailedReplySchema },
  'POST /api/admin/scrapers/run/:id': { 502: scraperFailedReplySchema },
  'POST /api/admin/scrapers/run-all': { 502: true },
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteShape = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** A bearer token is required: the route says so in its OpenAPI `security` (an empty requirement would make it optional). */
function needsAccount(route: RouteShape): boolean {
  const security = (route.schema as { security?: Array<Record<string, unknown>> } | undefined)?.security;
  return (!!security?.length && security.every((requirement) => Object.keys(requirement).length > 0)) || isAdminAreaUrl(route.url);
}

/**
 * The statuses a route can answer besides its success, from what it is:
 * - 400, 500 and 503, always: every route's path, query and body are checked for NUL characters (./input-text.ts),
 *   every write's body must parse, anything can break, and any can find the database too busy (./error-handler.ts);
 * - 401 when it needs an account (`security`, or the back office under /api/admin and /api/ai, ./auth.ts);
 * - 403 when it needs an account whose email is verified (not `config.access: 'account'`), which includes the role
 *   checks, and on every write but the 'public' and 'account' ones: an unverified account's writes are refused;
 * - 404 when it has path parameters (the record they name);
 * - 413 and 415 on writes (a body over the limit, a content type not read; uploads the same);
 * - 429 when it is rate-limited (`config.rateLimit`, ./rate-limits.ts);
 * - and what ROUTE_ERRORS adds for it.
 */
export function errorStatusesFor(route: RouteShape): Map<ErrorStatus, true | z.ZodType> {
  const methods = [route.method].flat();
  const write = methods.some((m) => WRITES.has(m));
  const access = route.config?.access;
  const account = needsAccount(route);
  const statuses = new Map<ErrorStatus, true | z.ZodType>([[400, true]]);
  if (account) statuses.set(401, true);
  if ((account && access !== 'account') || (write && access !== 'public' && access !== 'account')) statuses.set(403, true);
  if (route.schema?.params) statuses.set(404, true);
  if (write) for (const status of [413, 415] as const) statuses.set(status, true);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.set(429, true);
  statuses.set(500, true);
  statuses.set(503, true);
  for (const method of methods) {
    for (const [status, schema] of Object.entries(ROUTE_ERRORS[routeKey(method, route.url)] ?? {})) {
      if (schema === false) statuses.delete(Number(status) as ErrorStatus);
      else statuses.set(Number(status) as ErrorStatus, schema);
    }
  }
  return new Map([...statuses].sort(([a], [b]) => a - b));
}

/** Each status's reply with its meaning, made once (a described schema is a new zod schema referring to the named one). */
const described = new Map<z.ZodType, Map<ErrorStatus, z.ZodType>>();
function replyFor(status: ErrorStatus, schema: true | z.ZodType): z.ZodType {
  const base = schema === true ? (DEFAULT_SCHEMA[status] ?? errorReplySchema) : schema;
  const byStatus = described.get(base) ?? new Map<ErrorStatus, z.ZodType>();
  described.set(base, byStatus);
  const existing = byStatus.get(status);
  if (existing) return existing;
  const made = base.meta({ description: MEANING[status] });
  byStatus.set(status, made);
  return made;
}

/** The route's `schema.response` with its error replies added; a status the route declares itself is kept as it is. */
export function withErrorReplies(route: RouteShape): Record<string, unknown> | undefined {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return undefined;
  const errors = Object.fromEntries([...errorStatusesFor(route)].map(([status, schema]) => [String(status), replyFor(status, schema)]));
  return { ...errors, ...response };
}

/**
 * Adds the error replies to every route that declares a reply (the JSON API; the feeds, the OpenAPI viewer and the
 * static files declare none). Registered before any route, so every route and @fastify/swagger see the result. The
 * route's schema object is replaced, not changed: routes may share one (a like and an unlike).
 */
export function registerErrorReplies(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = withErrorReplies(route);
    if (response) route.schema = { ...route.schema, response };
  });
}
