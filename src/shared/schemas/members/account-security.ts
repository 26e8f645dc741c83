import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../../domain/members/account-security.js';
import { limitSchema, pageCountFields, pageSchema } from '../common.js';
import { publicUserSchema } from './users.js';

/** Sessions, two-factor sign-in, passkeys and security activity (docs/notes/account-security.md), requests and replies. */

const codeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .min(1, 'Enter the 6-digit code from your authenticator app')
  .max(12, 'Enter the 6-digit code from your authenticator app');
const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128);

export const twoFactorCodeSchema = z.object({ code: codeSchema });
export const turnOffTwoFactorSchema = z.object({ password: passwordField, code: codeSchema });
export const passwordConfirmSchema = z.object({ password: passwordField });

/** POST /auth/login/two-factor: the step token and either a current code or a recovery code. */
export const twoFactorSignInSchema = z
  .object({
    stepToken: z.string({ error: 'Please sign in again' }).min(1, 'Please sign in again').max(2000),
    code: codeSchema.optional(),
    recoveryCode: z.string().trim().min(1).max(40).optional(),
  })
  .refine((v) => !!v.code !== !!v.recoveryCode, { message: 'Enter a code or a recovery code', path: ['code'] });

/** The password step when two-factor sign-in is on. */
export const twoFactorStepSchema = z.object({ twoFactorRequired: z.literal(true), stepToken: z.string() });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** REQUIRE_STAFF_2FA applies to this account and it is not on yet. */
  required: z.boolean(),
});
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorOffSchema = z.object({ enabled: z.literal(false) });

export const sessionSchema = z.object({
  id: z.number().int(),
  browser: z.string(),
  ipHint: z.string(),
  method: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({
  sessions: z.array(sessionSchema),
  /** The caller's token predates session rows ("an older sign-in"): it is not in the list. */
  currentIsOlderSignIn: z.boolean(),
});
export const endOthersSchema = z.object({ ended: z.number().int(), token: z.string() });

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  browser: z.string(),
  ipHint: z.string(),
  createdAt: z.string(),
});
export type SecurityEventItem = z.infer<typeof securityEventSchema>;
export const securityActivityQuerySchema = z.object({ page: pageSchema, limit: limitSchema(20, 100) });
export const securityActivitySchema = z.object({ events: z.array(securityEventSchema), ...pageCountFields });

export const passkeyNameSchema = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(60, 'A passkey name must be at most 60 characters');

const b64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');
/** A browser's PublicKeyCredential as JSON (@simplewebauthn/browser's output), checked for shape before the library reads it. */
export const registrationResponseSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: b64url.optional(),
    publicKey: b64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export const authenticationResponseSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
/** POST /account/reauthenticate: the password, or a passkey's assertion. */
export const reauthenticateSchema = z
  .object({ password: passwordField.optional(), response: authenticationResponseSchema.optional() })
  .refine((v) => !!v.password !== !!v.response, { message: 'Enter your password or use a passkey', path: ['password'] });
export const reauthenticatedSchema = z.object({ until: z.string() });

export const passkeySchema = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyItem = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
/** WebAuthn options as @simplewebauthn/server makes them, handed to the browser untouched. */
export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

export const passkeySignedInSchema = z.object({ user: publicUserSchema, token: z.string() });
