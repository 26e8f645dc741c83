import { z } from 'zod';

/** Messages are the spec's (SPEC §5); the server and the forms both import these schemas. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be at most 20 characters')
  .regex(USERNAME_PATTERN, 'Username can only contain letters, numbers, underscores, and hyphens');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

export const PASSWORD_STRENGTH_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and can include special characters (except backslash)';

/** The rule of passwordSchema in the words a form shows under a new password's field. */
export const PASSWORD_HINT = 'At least 8 characters with an uppercase letter, a lowercase letter and a number.';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  // argon2 is fed at most this many bytes; longer inputs are a denial-of-service vector.
  .max(128, 'Password must be at most 128 characters')
  .refine(
    (p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p) && !p.includes('\\'),
    PASSWORD_STRENGTH_MESSAGE,
  );

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

/** Password reset (issue 17): the same answer whether or not an account exists, and one message for every bad link. */
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
