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
} from '../../../../shared/schemas/account-security.js';
import { deletedSchema, idParamsSchema } from '../../../../shared/schemas/common.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import { ok } from '../../../http/envelope.js';
import { requireUser } from '../../../plugins/auth.js';
import { signedIn } from '../../../plugins/guards.js';
import { rateLimit } from '../../../plugins/rate-limits.js';
import { presentUser } from '../../users/index.js';
import { presentPasskey } from '../presenter.js';
import { requireRecentAuth } from '../sessions/sessions.js';
import { addPasskey, authenticationOptions, passkeysOf, registrationOptions, removePasskey, renamePasskey, signInWithPasskey } from './commands.js';

/** Passkeys (WebAuthn): a member's list, adding (after re-authentication), renaming, removing, and "Sign in with a passkey". */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['account'];
  const security = [{ bearer: [] }];
  const member = { onRequest: signedIn(), config: rateLimit(app, 'accountSecurity') };

  app.get(
    '/account/passkeys',
    { schema: { tags, summary: "The member's passkeys, newest first", security, response: replies(passkeyListSchema) }, ...member },
    async (request) => ok({ passkeys: (await passkeysOf(deps, requireUser(request).id)).map(presentPasskey) }),
  );

  app.post(
    '/account/passkeys/options',
    {
      schema: {
        tags,
        summary: 'WebAuthn options to create a passkey (needs a recent password or passkey confirmation)',
        security,
        response: replies(webauthnOptionsSchema),
      },
      ...member,
    },
    async (request) => {
      const user = requireUser(request);
      requireRecentAuth(request);
      return ok({ options: await registrationOptions(deps, user) });
    },
  );

  app.post(
    '/account/passkeys',
    {
      schema: { tags, summary: 'Adds the passkey the browser made, under a name', body: addPasskeySchema, security, response: replies(passkeySchema, 201) },
      ...member,
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireRecentAuth(request);
      return reply.status(201).send(ok(presentPasskey(await addPasskey(deps, user, request.body, request))));
    },
  );

  app.put(
    '/account/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Renames one of the member’s passkeys',
        params: idParamsSchema,
        body: renamePasskeySchema,
        security,
        response: replies(passkeySchema),
      },
      ...member,
    },
    async (request) => ok(presentPasskey(await renamePasskey(deps, requireUser(request), request.params.id, request.body.name))),
  );

  app.delete(
    '/account/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Removes one of the member’s passkeys (needs a recent confirmation)',
        params: idParamsSchema,
        security,
        response: replies(deletedSchema),
      },
      ...member,
    },
    async (request) => {
      const user = requireUser(request);
      requireRecentAuth(request);
      await removePasskey(deps, user, request.params.id, request);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn options for "Sign in with a passkey" (no username: discoverable passkeys)',
        response: replies(webauthnOptionsSchema),
      },
      config: { access: 'public', ...rateLimit(app, 'passkeySignIn') },
    },
    async () => ok({ options: await authenticationOptions(deps, 'sign-in', null) }),
  );

  app.post(
    '/auth/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs in with a passkey: complete on its own (no two-factor step)',
        body: passkeySignInSchema,
        response: replies(passkeySignedInSchema),
      },
      config: { access: 'public', ...rateLimit(app, 'passkeySignIn') },
    },
    async (request) => {
      const session = await signInWithPasskey(deps, request.body.response, request);
      return ok({ user: presentUser(session.user), token: session.token });
    },
  );
}
