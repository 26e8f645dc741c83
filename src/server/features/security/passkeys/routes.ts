import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addPasskeySchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignedInSchema,
  passkeySignInSchema,
  renamePasskeySchema,
  webauthnOptionsSchema,
} from '../../../../shared/schemas/members/account-security.js';
import { deletedSchema, idParamsSchema } from '../../../../shared/schemas/common.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import { ok } from '../../../http/envelope.js';
import { requireUser } from '../../../plugins/auth.js';
import { presentUser } from '../../users/index.js';
import { presentPasskey } from '../presenter.js';
import { securityRouteOptions } from '../route-options.js';
import { requireRecentAuth } from '../sessions/sessions.js';
import { addPasskey, authenticationOptions, passkeysOf, registrationOptions, removePasskey, renamePasskey, signInWithPasskey } from './commands.js';

/** Passkeys (WebAuthn): a member's list, adding (after re-authentication), renaming, removing, and "Sign in with a passkey". */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { member, signIn } = securityRouteOptions(app);

  app.get('/account/passkeys', member({ summary: "The member's passkeys, newest first", response: replies(passkeyListSchema) }), async (request) =>
    ok({ passkeys: (await passkeysOf(deps, requireUser(request).id)).map(presentPasskey) }),
  );

  app.post(
    '/account/passkeys/options',
    member({ summary: 'WebAuthn options to create a passkey (needs a recent password or passkey confirmation)', response: replies(webauthnOptionsSchema) }),
    async (request) => {
      const user = requireUser(request);
      requireRecentAuth(request);
      return ok({ options: await registrationOptions(deps, user) });
    },
  );

  app.post(
    '/account/passkeys',
    member({ summary: 'Adds the passkey the browser made, under a name', body: addPasskeySchema, response: replies(passkeySchema, 201) }),
    async (request, reply) => {
      const user = requireUser(request);
      requireRecentAuth(request);
      return reply.status(201).send(ok(presentPasskey(await addPasskey(deps, user, request.body, request))));
    },
  );

  app.put(
    '/account/passkeys/:id',
    member({ summary: 'Renames one of the member’s passkeys', params: idParamsSchema, body: renamePasskeySchema, response: replies(passkeySchema) }),
    async (request) => ok(presentPasskey(await renamePasskey(deps, requireUser(request), request.params.id, request.body.name))),
  );

  app.delete(
    '/account/passkeys/:id',
    member({ summary: 'Removes one of the member’s passkeys (needs a recent confirmation)', params: idParamsSchema, response: replies(deletedSchema) }),
    async (request) => {
      const user = requireUser(request);
      requireRecentAuth(request);
      await removePasskey(deps, user, request.params.id, request);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );

  app.post(
    '/auth/passkey/options',
    signIn('passkeySignIn', {
      summary: 'WebAuthn options for "Sign in with a passkey" (no username: discoverable passkeys)',
      response: replies(webauthnOptionsSchema),
    }),
    async () => ok({ options: await authenticationOptions(deps, 'sign-in', null) }),
  );

  app.post(
    '/auth/passkey',
    signIn('passkeySignIn', {
      summary: 'Signs in with a passkey: complete on its own (no two-factor step)',
      body: passkeySignInSchema,
      response: replies(passkeySignedInSchema),
    }),
    async (request) => {
      const session = await signInWithPasskey(deps, request.body.response, request);
      return ok({ user: presentUser(session.user), token: session.token });
    },
  );
}
