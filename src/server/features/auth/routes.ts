import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, registerRequestSchema, verifyEmailQuerySchema } from '../../../shared/schemas/auth.js';
import { conflict, HttpError, unauthorized } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../../services/passwords.js';
import { presentUser } from '../users/presenter.js';
import { findConflicts, findUserByCredential, insertUser } from '../users/queries.js';
import { consumeVerificationToken, sendVerificationMail } from './email-verification.js';

/** Per-client limits for the unauthenticated auth calls (per IP, per window). */
export const AUTH_RATE_LIMITS = {
  login: { max: 10, timeWindow: '1 minute' },
  register: { max: 5, timeWindow: '10 minutes' },
  resend: { max: 3, timeWindow: '10 minutes' },
} as const;

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const factor = app.deps.config.rateLimitFactor;
  const limit = (l: { max: number; timeWindow: string }) => ({ rateLimit: { max: Math.ceil(l.max * factor), timeWindow: l.timeWindow } });

  app.post('/auth/register', { schema: { tags: ['auth'], body: registerRequestSchema }, config: limit(AUTH_RATE_LIMITS.register) }, async (request, reply) => {
    const { username, email, password } = request.body;
    const taken = await findConflicts(app.deps.db.kysely, username, email);
    if (taken.username) throw conflict('That username is already taken', 'username');
    if (taken.email) throw conflict('An account with that email already exists', 'email');
    let user;
    try {
      user = await insertUser(app.deps.db.kysely, { username, email, password_hash: await hashPassword(password), role: 'user', avatar: null, bio: null, email_verified_at: null });
    } catch (err) {
      // Two registrations racing for the same name: the unique index decides.
      if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('That username or email is already registered');
      throw err;
    }
    await sendVerificationMail(app, user).catch((err) => request.log.error({ err }, 'verification mail failed'));
    const token = await app.deps.tokens.sign({ userId: user.id, version: user.token_version });
    return reply.status(201).send(ok({ user: presentUser(user), token }));
  });

  app.post('/auth/login', { schema: { tags: ['auth'], body: loginSchema }, config: limit(AUTH_RATE_LIMITS.login) }, async (request) => {
    const { credential, password } = request.body;
    const user = await findUserByCredential(app.deps.db.kysely, credential);
    if (!user) {
      await verifyPassword(await timingDummyHash(), password);
      throw unauthorized('Invalid username/email or password');
    }
    if (!(await verifyPassword(user.password_hash, password))) throw unauthorized('Invalid username/email or password');
    if (!user.email_verified_at) {
      throw new HttpError(403, 'Please verify your email address before logging in. Check your inbox for the verification link.', { emailNotVerified: true });
    }
    const token = await app.deps.tokens.sign({ userId: user.id, version: user.token_version });
    return ok({ user: presentUser(user), token });
  });

  app.get('/auth/me', { schema: { tags: ['auth'], security: [{ bearer: [] }] } }, async (request) => {
    return ok({ user: presentUser(requireUser(request)) });
  });

  app.get('/auth/verify-email', { schema: { tags: ['auth'], querystring: verifyEmailQuerySchema } }, async (request) => {
    const result = await consumeVerificationToken(app, request.query.token);
    if (result === 'expired') throw new HttpError(400, 'This verification link has expired. Please request a new one.');
    if (result === 'invalid') throw new HttpError(400, 'This verification link is invalid or has already been used.');
    return ok({ verified: true });
  });

  app.post(
    '/auth/resend-verification',
    { schema: { tags: ['auth'], security: [{ bearer: [] }] }, config: limit(AUTH_RATE_LIMITS.resend) },
    async (request) => {
      const user = requireUser(request);
      if (user.email_verified_at) throw new HttpError(400, 'Your email address is already verified. You can log in.');
      await sendVerificationMail(app, user);
      return ok({ sent: true });
    },
  );
}
