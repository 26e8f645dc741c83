import { z } from 'zod';
import { isDeletedUsername } from '../../domain/members/deleted-member.js';

/**
 * A member's account: the rules of its fields with the spec's messages (SPEC §5; the register, profile and reset forms
 * and the server all use them), the profile form and update, roles, and the account as the API sends it.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be at most 20 characters')
  .regex(USERNAME_PATTERN, 'Username can only contain letters, numbers, underscores, and hyphens')
  // The names deleted accounts take (shared/domain/members/deleted-member.ts).
  .refine((u) => !isDeletedUsername(u), 'That username is not available');

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
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p) && !p.includes('\\'), PASSWORD_STRENGTH_MESSAGE);

export const BIO_MAX = 500;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'File too large. Maximum size is 2MB.';

/** The profile form (SPEC §5 Profile). Password fields only matter when a new password is typed. */
export const profileFormSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    bio: z.string().max(BIO_MAX, 'Bio must be at most 500 characters').optional().or(z.literal('')),
    currentPassword: z.string().optional().or(z.literal('')),
    newPassword: z.union([z.literal(''), passwordSchema]).optional(),
    confirmNewPassword: z.string().optional().or(z.literal('')),
  })
  .superRefine(
    (v, ctx) => {
      if (v.newPassword) {
        if (!v.currentPassword) {
          ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required when changing password' });
        }
        if (v.confirmNewPassword !== v.newPassword) {
          ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'Passwords must match' });
        }
      }
    },
    {
      // Run even while another field is invalid, so an on-blur form shows these messages at once.
      when: ({ value }) => typeof value === 'object' && value !== null,
    },
  );
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

/** What PUT /users/{id}/profile accepts: password fields only when changing the password. */
export const profileUpdateSchema = z
  .object({
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    bio: z.string().max(BIO_MAX, 'Bio must be at most 500 characters').nullable().optional(),
    currentPassword: z.string().max(128).optional(),
    newPassword: passwordSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword && !v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required when changing password' });
    }
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** The signed-in member's own account (SPEC §3 User): never another member's email. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * PUT /users/{id}/profile and POST /users/{id}/avatar: the updated user (SPEC §7), again under `user`, and a new token
 * after a password change.
 */
export const profileReplySchema = publicUserSchema.extend({ user: publicUserSchema, token: z.string().optional() });
export type ProfileReply = z.infer<typeof profileReplySchema>;
