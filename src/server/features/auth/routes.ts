import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { requireUser, staffTwoFactorMissing } from '../../plugins/auth.js';
import { addressLimit, rateLimit } from '../../plugins/rate-limits.js';
import { presentUser } from '../users/index.js';
import { registerMember, resendVerification, signIn, verifyEmail } from './commands.js';
import { passwordResetsSettled, resetPassword, startPasswordReset } from './password-reset.js';
import {
  authPayloadSchema,
  forgotPasswordSchema,
  loginReplySchema,
  loginSchema,
  meSchema,
  messageSchema,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_SENT,
  registerRequestSchema,
  resetPasswordSchema,
  sentSchema,
  verifiedSchema,
  verifyEmailQuerySchema,
} from '../../../shared/schemas/members/auth.js';
import { replies } from '../../../shared/schemas/envelope.js';

/**
 * SPEC §7 Auth. Register, login and the verification link are 'public' (a stored token is not even read); /auth/me and
 * resend-verification are the two routes an account whose email is not verified yet may use ('account'). Password reset
 * (docs/notes/accounts.md) is public too: the mailed token is the credential, and a stale bearer token must never get in the way.
 */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['auth'];
  const security = [{ bearer: [] }];

  app.post(
    '/auth/register',
    { schema: { tags, body: registerRequestSchema, response: replies(authPayloadSchema, 201) }, config: { access: 'public', ...rateLimit(app, 'register') } },
    async (request, reply) => {
      const session = await registerMember(deps, request.body, request.log, request);
      return reply.status(201).send(ok({ user: presentUser(session.user), token: session.token }));
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags, body: loginSchema, response: replies(loginReplySchema) }, config: { access: 'public', ...rateLimit(app, 'login') } },
    async (request) => {
      const result = await signIn(deps, request.body.credential, request.body.password, request);
      if ('twoFactorRequired' in result) return ok(result);
      return ok({ user: presentUser(result.user), token: result.token });
    },
  );

  app.get('/auth/me', { schema: { tags, security, response: replies(meSchema) }, config: { access: 'account' } }, async (request) => {
    const user = requireUser(request);
    return ok({ user: presentUser(user), ...(staffTwoFactorMissing(request, user) ? { twoFactorSetupRequired: true } : {}) });
  });

  app.get(
    '/auth/verify-email',
    { schema: { tags, querystring: verifyEmailQuerySchema, response: replies(verifiedSchema) }, config: { access: 'public' } },
    async (request) => {
      await verifyEmail(deps, request.query.token);
      return ok({ verified: true });
    },
  );

  app.post(
    '/auth/resend-verification',
    { schema: { tags, security, response: replies(sentSchema) }, config: { access: 'account', ...rateLimit(app, 'resend') } },
    async (request) => {
      await resendVerification(deps, requireUser(request), request.log);
      return ok({ sent: true });
    },
  );

  // The same answer, at once, for every address (the mail goes out after it: password-reset.ts).
  app.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: forgotPasswordSchema, response: replies(messageSchema) },
      config: { access: 'public', ...rateLimit(app, 'forgotPassword') },
      preHandler: addressLimit(app, 'forgotPasswordAddress'),
    },
    async (request) => {
      startPasswordReset(deps, request.body.email, request.log);
      return ok({ message: PASSWORD_RESET_SENT });
    },
  );
  app.addHook('onClose', passwordResetsSettled);

  app.post(
    '/auth/reset-password',
    { schema: { tags, body: resetPasswordSchema, response: replies(messageSchema) }, config: { access: 'public', ...rateLimit(app, 'resetPassword') } },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.password, request);
      return ok({ message: PASSWORD_RESET_DONE });
    },
  );
}
