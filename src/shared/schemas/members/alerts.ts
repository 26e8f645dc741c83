import { z } from 'zod';

/**
 * Keyword alerts: the form and API rules, shared by the server (POST/PUT /api/alerts) and the /alerts page.
 * The keywords follow the browse search: every word must match, as the start of a word of the deal's title,
 * description, store or category (docs/notes/alerts.md).
 */
export const ALERT_QUERY_MAX = 100;
export const MAX_ALERTS = 25;
export const ALERT_MAX_PRICE = 1_000_000;
export const ALERT_MIN_TEMPERATURE_MAX = 10_000;
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_MESSAGES = {
  queryRequired: 'Keywords are required',
  queryTooLong: `Keywords must be at most ${ALERT_QUERY_MAX} characters`,
  queryNoWords: 'Keywords must contain at least one letter or number',
  category: 'Please select a valid category',
  store: 'Please select a valid store',
  maxPrice: 'Maximum price must be a positive number',
  maxPriceTooLarge: 'Maximum price must be at most £1,000,000',
  minTemperature: 'Minimum temperature must be a whole number',
  minTemperatureRange: `Minimum temperature must be between 1 and ${ALERT_MIN_TEMPERATURE_MAX}`,
  frequency: "Frequency must be 'instant' or 'daily'",
  paused: 'Paused must be true or false',
  tooMany: `You can have at most ${MAX_ALERTS} alerts`,
  duplicate: 'You already have an alert for these keywords and filters',
  notFound: 'Alert not found',
  invalidLink: 'This unsubscribe link is not valid',
  gone: 'This alert no longer exists',
} as const;

/** True when the text has a word the search can use (a run of letters or digits). */
export const hasSearchWord = (value: string) => /[\p{L}\p{N}]/u.test(value);

/** A form's empty field means "no filter". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const querySchema = z
  .string({ error: ALERT_MESSAGES.queryRequired })
  .trim()
  .min(1, ALERT_MESSAGES.queryRequired)
  .max(ALERT_QUERY_MAX, ALERT_MESSAGES.queryTooLong)
  .refine(hasSearchWord, ALERT_MESSAGES.queryNoWords);

const refSchema = (message: string) =>
  z.preprocess(blankToNull, z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).nullable().optional());

const maxPriceSchema = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: ALERT_MESSAGES.maxPrice })
    .refine((n) => Number.isFinite(n), ALERT_MESSAGES.maxPrice)
    .min(0, ALERT_MESSAGES.maxPrice)
    .max(ALERT_MAX_PRICE, ALERT_MESSAGES.maxPriceTooLarge)
    .nullable()
    .optional(),
);

const minTemperatureSchema = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: ALERT_MESSAGES.minTemperature })
    .int(ALERT_MESSAGES.minTemperature)
    .min(1, ALERT_MESSAGES.minTemperatureRange)
    .max(ALERT_MIN_TEMPERATURE_MAX, ALERT_MESSAGES.minTemperatureRange)
    .nullable()
    .optional(),
);

const alertFields = {
  query: querySchema,
  /** Only deals of this category; null or absent: any. */
  categoryId: refSchema(ALERT_MESSAGES.category),
  /** Only deals of this store; null or absent: any. */
  storeId: refSchema(ALERT_MESSAGES.store),
  /** Pounds: only deals at or below this price (a deal without a price never matches). */
  maxPrice: maxPriceSchema,
  /** Only once the deal reaches this temperature (votes up minus down). */
  minTemperature: minTemperatureSchema,
  /** 'instant': one mail per deal; 'daily': one digest a day. */
  frequency: z.enum(ALERT_FREQUENCIES, { error: ALERT_MESSAGES.frequency }),
  paused: z.boolean({ error: ALERT_MESSAGES.paused }),
};

/** POST /api/alerts (and the /alerts form): keywords required; frequency defaults to instant, paused to false. */
export const alertCreateSchema = z.object({
  ...alertFields,
  frequency: alertFields.frequency.default('instant'),
  paused: alertFields.paused.default(false),
});
export type AlertCreateInput = z.input<typeof alertCreateSchema>;
export type AlertCreate = z.output<typeof alertCreateSchema>;

/** PUT /api/alerts/{id}: any subset of the fields; null clears an optional filter. */
export const alertUpdateSchema = z.object({
  query: querySchema.optional(),
  categoryId: alertFields.categoryId,
  storeId: alertFields.storeId,
  maxPrice: alertFields.maxPrice,
  minTemperature: alertFields.minTemperature,
  frequency: alertFields.frequency.optional(),
  paused: alertFields.paused.optional(),
});
export type AlertUpdateInput = z.input<typeof alertUpdateSchema>;
export type AlertUpdate = z.output<typeof alertUpdateSchema>;

/** `?token=` of the unsubscribe link (GET answers which alert it would stop, POST pauses it). */
export const alertTokenQuerySchema = z.object({
  token: z.string({ error: ALERT_MESSAGES.invalidLink }).min(1, ALERT_MESSAGES.invalidLink).max(200, ALERT_MESSAGES.invalidLink),
});

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** One alert as the API returns it (GET /api/alerts, POST, PUT). */
export const alertSchema = z.object({
  id: z.number().int(),
  query: z.string(),
  categoryId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  /** Pounds. */
  maxPrice: z.number().nullable(),
  minTemperature: z.number().int().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  createdAt: z.string(),
  /** When a mail for this alert last went out. */
  lastSentAt: z.string().nullable(),
  /** The alert's private RSS feed: absolute URL, its token is secret to the member. */
  feedUrl: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** GET /api/alerts: the member's alerts, newest first. */
export const alertListSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertList = z.infer<typeof alertListSchema>;

/** POST and PUT /api/alerts: the alert as stored. */
export const alertReplySchema = z.object({ alert: alertSchema });
export type AlertReply = z.infer<typeof alertReplySchema>;

/** GET and POST /api/alerts/unsubscribe: which alert the link stops (POST: now paused). */
export const alertUnsubscribeSchema = z.object({ alert: z.object({ id: z.number().int(), query: z.string(), paused: z.boolean() }) });
export type AlertUnsubscribe = z.infer<typeof alertUnsubscribeSchema>;
