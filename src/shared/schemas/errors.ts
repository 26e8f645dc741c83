import { z } from 'zod';

/**
 * The error replies of the API: `{ success: false, error }`, the message in words to show the user, and the few fields
 * some failures add (src/server/plugins/error-handler.ts writes them; docs/notes/contract.md). Every route declares the ones
 * it can give (src/server/plugins/error-replies.ts), so the OpenAPI document at /api/docs lists them and, while the
 * tests run, every error reply is checked against them as success replies are. Strict objects: a field added to an
 * error reply without being declared here fails a test, and a generated client sees exactly these keys.
 *
 * Each has an `id`, so the OpenAPI document shows it once under components.schemas and refers to it.
 */

const failure = { success: z.literal(false), error: z.string() };

/** Any error: the message alone. */
export const errorReplySchema = z
  .strictObject(failure)
  .meta({ id: 'ErrorReply', description: '{ success: false, error }: what went wrong, in words to show the user.' });

/**
 * 400: the request is malformed or breaks the route's schema. A validation error names the first bad field in `field`
 * and every bad field with its message in `fields` (dotted paths: `processTasks.improveTitle`); an upload or a rule
 * checked by the handler may name the one field alone.
 */
export const validationErrorReplySchema = z
  .strictObject({ ...failure, field: z.string().optional(), fields: z.record(z.string(), z.string()).optional() })
  .meta({
    id: 'ValidationErrorReply',
    description: "The request is malformed or breaks the route's schema: `field` names the first bad field, `fields` every one with its message.",
  });

/** 409, 413, 415: the message, and the field it is about when there is one (a taken username, the upload's field). */
export const fieldErrorReplySchema = z
  .strictObject({ ...failure, field: z.string().optional() })
  .meta({ id: 'FieldErrorReply', description: '{ success: false, error, field? }: `field` names the field the error is about, when there is one.' });

/** 403 of a pending deal seen by someone who is not its owner or the team (SPEC §8 Fetch deal). */
export const pendingDealReplySchema = z
  .strictObject({ ...failure, isPendingDeal: z.literal(true).optional() })
  .meta({ id: 'PendingDealReply', description: 'Not allowed; `isPendingDeal: true` when the deal exists but is waiting for moderation.' });

/** 403 of a sign-in whose email address is not verified yet (the web client offers to resend the link). */
export const unverifiedLoginReplySchema = z
  .strictObject({ ...failure, emailNotVerified: z.literal(true).optional() })
  .meta({ id: 'UnverifiedLoginReply', description: 'Sign-in refused; `emailNotVerified: true` when the account must verify its email address first.' });

/** 409 of a new deal whose product was posted in the last 30 days: `data.existingDealId` is that deal. */
export const duplicateDealReplySchema = z
  .strictObject({ ...failure, field: z.string().optional(), data: z.strictObject({ existingDealId: z.number().int() }).optional() })
  .meta({
    id: 'DuplicateDealReply',
    description: 'A conflict; `data.existingDealId` is the active deal of the same product when the deal was already posted.',
  });

/** 409 of a voucher whose code the shop already has live: `data.existingVoucherId` is that voucher. */
export const duplicateVoucherReplySchema = z
  .strictObject({ ...failure, field: z.string().optional(), data: z.strictObject({ existingVoucherId: z.number().int() }).optional() })
  .meta({
    id: 'DuplicateVoucherReply',
    description: 'A conflict; `data.existingVoucherId` is the live voucher of the same shop with the same code.',
  });

/** 502 of a scraper run that failed: `logId` is its entry in the scraper log. */
export const scraperFailedReplySchema = z
  .strictObject({ ...failure, logId: z.number().int().optional() })
  .meta({ id: 'ScraperFailedReply', description: 'The source could not be read; `logId` is the failed run in the scraper log.' });

export type ErrorReply = z.infer<typeof errorReplySchema>;
export type ValidationErrorReply = z.infer<typeof validationErrorReplySchema>;
export type FieldErrorReply = z.infer<typeof fieldErrorReplySchema>;
export type PendingDealReply = z.infer<typeof pendingDealReplySchema>;
export type UnverifiedLoginReply = z.infer<typeof unverifiedLoginReplySchema>;
export type DuplicateDealReply = z.infer<typeof duplicateDealReplySchema>;
export type DuplicateVoucherReply = z.infer<typeof duplicateVoucherReplySchema>;
export type ScraperFailedReply = z.infer<typeof scraperFailedReplySchema>;
