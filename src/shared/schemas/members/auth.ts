import { z } from 'zod';
import { emailSchema, passwordSchema, publicUserSchema, usernameSchema } from './users.js';

/** Sign-up, sign-in, email verification and password reset (SPEC §5, §7), requests and replies. */

export const registerSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
    termsAccepted: z.literal(true, { error: 'You must accept the Terms of Service and Privacy Policy' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
    // Compare the pair even while other fields are still invalid, so an on-blur form shows the mismatch at once.
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * The API call of SPEC §7 sends username, email, password and termsAccepted only;
 * the confirmation is a form concern, so the server accepts it when present.
 */
export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
    termsAccepted: z.literal(true, { error: 'You must accept the Terms of Service and Privacy Policy' }),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });

export const loginSchema = z.object({
  credential: z.string({ error: 'Username or Email is required' }).trim().min(1, 'Username or Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const verifyEmailQuerySchema = z.object({
  token: z.string({ error: 'Invalid verification link' }).min(1, 'Invalid verification link').max(200),
});

/** Password reset (docs/notes/accounts.md): the same answer whether or not an account exists, and one message for every bad link. */
export const PASSWORD_RESET_SENT = 'If an account exists for that email, we have sent a reset link';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in with your new password.';

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const resetTokenSchema = z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID);

/** POST /auth/reset-password: the mailed token and a new password under the register rules. */
export const resetPasswordSchema = z.object({ token: resetTokenSchema, password: passwordSchema });

/** The reset form: the new password twice (the confirmation stays in the browser, as on the register form). */
export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** POST /auth/register and /auth/login: the account and its token. */
export const authPayloadSchema = z.object({ user: publicUserSchema, token: z.string() });
export type AuthPayload = z.infer<typeof authPayloadSchema>;
/** POST /auth/login: the session, or (two-factor sign-in on) the second step's token (docs/notes/account-security.md). */
export const loginReplySchema = z.union([authPayloadSchema, z.object({ twoFactorRequired: z.literal(true), stepToken: z.string() })]);
export type LoginReply = z.infer<typeof loginReplySchema>;
/** GET /auth/me */
/** GET /auth/me; `twoFactorSetupRequired`: REQUIRE_STAFF_2FA applies and two-factor sign-in is not on yet (the web sends them to set it up). */
export const meSchema = z.object({ user: publicUserSchema, twoFactorSetupRequired: z.boolean().optional() });
/** GET /auth/verify-email */
export const verifiedSchema = z.object({ verified: z.literal(true) });
export type VerifiedReply = z.infer<typeof verifiedSchema>;
/** POST /auth/resend-verification */
export const sentSchema = z.object({ sent: z.literal(true) });
export type SentReply = z.infer<typeof sentSchema>;
/** Password reset: forgot-password and reset-password answer a message to show as it is. */
export const messageSchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageSchema>;
