import { z } from 'zod';

/** The largest id a row can have (a 32-bit integer column on PostgreSQL): a larger one can name no record. */
export const MAX_ID = 2_147_483_647;

/** An id that may arrive as text (SPEC §3: "id may arrive as text and is parsed"). */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
export const idParamsSchema = z.object({ id: idSchema });
/** Routes about one deal's things: /comments/{dealId}, /admin/reports/{dealId}/resolve. */
export const dealIdParamsSchema = z.object({ dealId: idSchema });

/**
 * Required text: trimmed, `${label} is required` when absent or blank, `tooLong` (by default `${label} must be at
 * most ${max} characters`) past `max` characters.
 */
export const requiredText = (label: string, max: number, tooLong = `${label} must be at most ${max} characters`) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong);

export const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** `?limit=` of a paged list: a whole number from 1 to `max`, `defaultLimit` when absent. */
export const limitSchema = (defaultLimit: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(defaultLimit);

/** The admin lists (users, deals, moderation log): 10 a page by default (SPEC §9), at most 100. */
export const ADMIN_LIST_DEFAULT_LIMIT = 10;
export const ADMIN_LIST_MAX_LIMIT = 100;

/** Trimmed and lower-cased text, so `?status=Open` reads as `open`; anything else is left to the schema. */
export const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
/** null and blank text read as absent. */
export const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Query strings from the admin screens often carry empty values for "not set": treat them as absent. */
export const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
export const sortOrderSchema = z.preprocess(lower, z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }));

/** The counts every paged reply carries beside its items. */
export const pageCountFields = { totalCount: z.number().int(), page: z.number().int(), totalPages: z.number().int() };

/** DELETE replies: the id of what is gone. */
export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type DeletedReply = z.infer<typeof deletedSchema>;

/** A member as the team's screens name them (reporter, voter, resolver). */
export const memberRefSchema = z.object({ id: z.number().int(), username: z.string() });

/** True when the string is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const UPLOADS_PREFIX = '/uploads/';
/** 415 of an upload that is not a picture (avatars, store logos), and the forms' own check before sending. */
export const IMAGE_ONLY = 'Only image files are allowed.';
export const isUploadsPath = (value: string) => value.startsWith(UPLOADS_PREFIX) && !value.includes('..');

/**
 * Dates: every date the API takes is ISO-8601 text, a date (2030-01-31) or a date-time (2030-01-31T18:00,
 * with seconds, fraction and Z or an offset as you like), a real calendar day of a four-digit year. Anything else, and
 * anything JavaScript's lenient Date.parse would guess at ('1', 'foo 12', '2030-02-31'), is refused by the schema with
 * the field's message, so no handler ever meets an Invalid Date.
 */
export const DATE_TEXT_MAX = 40;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

export function isDateTimeText(value: string): boolean {
  const m = ISO_DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= daysInMonth && Number.isFinite(Date.parse(value));
}

/** A required date (see isDateTimeText); `message` is the field's own, e.g. 'Expiration date must be a valid date'. */
export const dateTimeSchema = (message: string) =>
  z.string({ error: message }).trim().max(DATE_TEXT_MAX, { message, abort: true }).refine(isDateTimeText, message);

/** An optional date: absent, null or '' mean "no date"; anything else must be a date as above. */
export const optionalDateTimeSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(DATE_TEXT_MAX, { message, abort: true })
    .refine((v) => v === '' || isDateTimeText(v), message)
    .nullable()
    .optional();
