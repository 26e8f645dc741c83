import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordConfirmSchema,
  recoveryCodesSchema,
  turnOffTwoFactorSchema,
  twoFactorCodeSchema,
  twoFactorOffSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '../../../../shared/schemas/account-security.js';
import { authPayloadSchema } from '../../../../shared/schemas/auth.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import { ok } from '../../../http/envelope.js';
import { requireUser, staffTwoFactorMissing } from '../../../plugins/auth.js';
import { signedIn } from '../../../plugins/guards.js';
import { rateLimit } from '../../../plugins/rate-limits.js';
import { presentUser } from '../../users/index.js';
import { completeTwoFactorSignIn, confirmSetup, renewRecoveryCodes, startSetup, turnOff, twoFactorStatus } from './commands.js';

/** Two-factor sign-in with an authenticator app (TOTP): set-up, recovery codes, turning off, and the sign-in's second step. */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['account'];
  const security = [{ bearer: [] }];
  const member = { onRequest: signedIn(), config: rateLimit(app, 'accountSecurity') };

  app.get(
    '/account/two-factor',
    {
      schema: { tags, summary: 'Whether two-factor sign-in is on, and the recovery codes left', security, response: replies(twoFactorStatusSchema) },
      ...member,
    },
    async (request) => {
      const user = requireUser(request);
      return ok({ ...(await twoFactorStatus(deps.db.kysely, user)), required: staffTwoFactorMissing(request, user) });
    },
  );

  app.post(
    '/account/two-factor/setup',
    {
      schema: {
        tags,
        summary: 'A new secret to add to an authenticator app: text, otpauth URL and QR code (SVG data URL)',
        security,
        response: replies(twoFactorSetupSchema),
      },
      ...member,
    },
    async (request) => ok(await startSetup(deps, requireUser(request))),
  );

  app.post(
    '/account/two-factor/enable',
    {
      schema: {
        tags,
        summary: 'Confirms the set-up with a current code: on, and ten recovery codes shown once',
        body: twoFactorCodeSchema,
        security,
        response: replies(recoveryCodesSchema),
      },
      ...member,
    },
    async (request) => ok({ recoveryCodes: await confirmSetup(deps, requireUser(request), request.body.code, request) }),
  );

  app.post(
    '/account/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes replace the old ones (password required)',
        body: passwordConfirmSchema,
        security,
        response: replies(recoveryCodesSchema),
      },
      ...member,
    },
    async (request) => ok({ recoveryCodes: await renewRecoveryCodes(deps, requireUser(request), request.body.password, request) }),
  );

  app.post(
    '/account/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turns two-factor sign-in off (password and a current code)',
        body: turnOffTwoFactorSchema,
        security,
        response: replies(twoFactorOffSchema),
      },
      ...member,
    },
    async (request) => {
      await turnOff(deps, requireUser(request), request.body, request);
      return ok({ enabled: false as const });
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign-in's second step: the step token and a code or a recovery code",
        body: twoFactorSignInSchema,
        response: replies(authPayloadSchema),
      },
      config: { access: 'public', ...rateLimit(app, 'twoFactorStep') },
    },
    async (request) => {
      const session = await completeTwoFactorSignIn(deps, request.body, request);
      return ok({ user: presentUser(session.user), token: session.token });
    },
  );
}
