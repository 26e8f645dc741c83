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
} from '../../../../shared/schemas/members/account-security.js';
import { authPayloadSchema } from '../../../../shared/schemas/members/auth.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import { ok } from '../../../http/envelope.js';
import { requireUser, staffTwoFactorMissing } from '../../../plugins/auth.js';
import { presentUser } from '../../users/index.js';
import { securityRouteOptions } from '../route-options.js';
import { completeTwoFactorSignIn, confirmSetup, renewRecoveryCodes, startSetup, turnOff, twoFactorStatus } from './commands.js';

/** Two-factor sign-in with an authenticator app (TOTP): set-up, recovery codes, turning off, and the sign-in's second step. */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { member, signIn } = securityRouteOptions(app);

  app.get(
    '/account/two-factor',
    member({ summary: 'Whether two-factor sign-in is on, and the recovery codes left', response: replies(twoFactorStatusSchema) }),
    async (request) => {
      const user = requireUser(request);
      return ok({ ...(await twoFactorStatus(deps.db.kysely, user)), required: staffTwoFactorMissing(request, user) });
    },
  );

  app.post(
    '/account/two-factor/setup',
    member({ summary: 'A new secret to add to an authenticator app: text, otpauth URL and QR code (SVG data URL)', response: replies(twoFactorSetupSchema) }),
    async (request) => ok(await startSetup(deps, requireUser(request))),
  );

  app.post(
    '/account/two-factor/enable',
    member({
      summary: 'Confirms the set-up with a current code: on, and ten recovery codes shown once',
      body: twoFactorCodeSchema,
      response: replies(recoveryCodesSchema),
    }),
    async (request) => ok({ recoveryCodes: await confirmSetup(deps, requireUser(request), request.body.code, request) }),
  );

  app.post(
    '/account/two-factor/recovery-codes',
    member({ summary: 'Ten new recovery codes replace the old ones (password required)', body: passwordConfirmSchema, response: replies(recoveryCodesSchema) }),
    async (request) => ok({ recoveryCodes: await renewRecoveryCodes(deps, requireUser(request), request.body.password, request) }),
  );

  app.post(
    '/account/two-factor/disable',
    member({ summary: 'Turns two-factor sign-in off (password and a current code)', body: turnOffTwoFactorSchema, response: replies(twoFactorOffSchema) }),
    async (request) => {
      await turnOff(deps, requireUser(request), request.body, request);
      return ok({ enabled: false as const });
    },
  );

  app.post(
    '/auth/login/two-factor',
    signIn('twoFactorStep', {
      summary: "Sign-in's second step: the step token and a code or a recovery code",
      body: twoFactorSignInSchema,
      response: replies(authPayloadSchema),
    }),
    async (request) => {
      const session = await completeTwoFactorSignIn(deps, request.body, request);
      return ok({ user: presentUser(session.user), token: session.token });
    },
  );
}
