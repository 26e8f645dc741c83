import { z } from 'zod';
import { emailSchema } from './users.js';

/**
 * A member's rights over their account (docs/notes/data-rights.md): change of email, "Download my data" and "Delete my
 * account", their requests, replies and messages.
 */

export const PASSWORD_INCORRECT = 'Password is incorrect';
const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, PASSWORD_INCORRECT);

// ---------------------------------------------------------------------------------------------------------------
// Change of email

export const EMAIL_CHANGE_SAME = 'That is already your email address';
/** The register flow's own words for an address in use: the change tells no more than sign-up does. */
export const EMAIL_IN_USE = 'An account with that email already exists';
export const EMAIL_CHANGE_LINK_INVALID = 'This email change link is invalid or has expired';
export const emailChangeSent = (email: string) => `We have sent a confirmation link to ${email}. Your email changes when you open it (within 1 hour).`;
export const EMAIL_CHANGED = 'Your email address has been changed.';
/** The profile form does not move the address: the change-of-email flow confirms the new one first. */
export const EMAIL_CHANGE_ELSEWHERE = 'To change your email, use "Change email" in your account settings: we confirm the new address first.';

/** POST /account/email: the current password first, then the new address (it takes effect once its link is followed). */
export const emailChangeSchema = z.object({ password: passwordField, newEmail: emailSchema });
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** POST /account/email/confirm: the mailed token. */
export const emailChangeConfirmSchema = z.object({
  token: z.string({ error: EMAIL_CHANGE_LINK_INVALID }).min(1, EMAIL_CHANGE_LINK_INVALID).max(200, EMAIL_CHANGE_LINK_INVALID),
});

export const emailChangeReplySchema = z.object({ message: z.string(), email: z.string() });
export type EmailChangeReply = z.infer<typeof emailChangeReplySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Download my data

export const EXPORT_RUNNING = 'An export of this account is already being prepared. You will get an email when it is ready.';
export const EXPORT_NOT_FOUND = 'Export not found';
export const EXPORT_EXPIRED = 'This download has expired. Please request a new export.';
export const EXPORT_NOT_READY = 'This export is not ready yet.';
/** How long an archive can be downloaded. */
export const EXPORT_TTL_HOURS = 48;

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  /** Whose data it holds (an administrator's export of a member names the member). */
  member: z.object({ id: z.number().int(), username: z.string() }),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ exports: z.array(dataExportSchema) });
export type DataExportList = z.infer<typeof dataExportListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Delete my account

export const CONFIRM_USERNAME_MISMATCH = 'Type your username exactly as it is to confirm';
export const STAFF_MUST_BE_DEMOTED = 'Staff accounts must be demoted to member before they can be deleted';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * POST /account/delete. `code` is the second factor, asked when the account has one (the deletion's checks, server
 * side); `removeComments` also empties the text of the member's comments.
 */
export const accountDeleteSchema = z.object({
  password: passwordField,
  confirmUsername: z.string({ error: CONFIRM_USERNAME_MISMATCH }).trim().min(1, CONFIRM_USERNAME_MISMATCH).max(40, CONFIRM_USERNAME_MISMATCH),
  removeComments: z.boolean().optional().default(false),
  code: z.string().max(64).optional(),
});
export type AccountDeleteInput = z.input<typeof accountDeleteSchema>;

export const ADMIN_DELETE_REASON_REQUIRED = 'A reason is required';
/** DELETE /admin/users/{id}: the reason goes into the moderation log. */
export const adminAccountDeleteSchema = z.object({
  reason: z.string({ error: ADMIN_DELETE_REASON_REQUIRED }).trim().min(1, ADMIN_DELETE_REASON_REQUIRED).max(500, 'Reason must be at most 500 characters'),
  removeComments: z.boolean().optional().default(false),
});
export type AdminAccountDeleteInput = z.input<typeof adminAccountDeleteSchema>;

export const accountDeletedSchema = z.object({ id: z.number().int(), username: z.string(), deleted: z.literal(true) });
export type AccountDeletedReply = z.infer<typeof accountDeletedSchema>;
