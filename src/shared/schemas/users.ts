import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from './auth.js';

export const BIO_MAX = 500;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

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
  .superRefine((v, ctx) => {
    if (v.newPassword) {
      if (!v.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required when changing password' });
      }
      if (v.confirmNewPassword !== v.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'Passwords must match' });
      }
    }
  }, {
    // Run even while another field is invalid, so an on-blur form shows these messages at once.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
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
