import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_DELETED,
  accountDeletedSchema,
  accountDeleteSchema,
  adminAccountDeleteSchema,
  dataExportListSchema,
  dataExportSchema,
  emailChangeConfirmSchema,
  emailChangeReplySchema,
  emailChangeSchema,
} from '../../../shared/schemas/members/account.js';
import { messageSchema } from '../../../shared/schemas/members/auth.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { anonymiseAccount, deleteOwnAccount } from './deletion.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { exportsSettled, kickExports, listExports, openExport, requestExport, requestExportFor } from './exports/index.js';
import { presentExport } from './presenter.js';

/**
 * A member's rights over their account (docs/notes/data-rights.md): change of email, "Download my data", "Delete my
 * account", and the administrators' export and deletion of a member from the users screen.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['account'];
  const security = [{ bearer: [] }];

  app.post(
    '/account/email',
    { schema: { tags, body: emailChangeSchema, security, response: replies(emailChangeReplySchema) }, config: rateLimit(app, 'account') },
    async (request) => ok(await requestEmailChange(deps, requireUser(request), request.body, request)),
  );

  // The mailed link is the credential (as a password reset's): a stale bearer token never gets in the way.
  app.post(
    '/account/email/confirm',
    {
      schema: { tags, body: emailChangeConfirmSchema, response: replies(emailChangeReplySchema) },
      config: { access: 'public', ...rateLimit(app, 'accountLink') },
    },
    async (request) => ok(await confirmEmailChange(deps, request.body.token, request)),
  );

  app.post(
    '/account/export',
    { schema: { tags, security, response: replies(dataExportSchema, 201) }, config: rateLimit(app, 'dataExport') },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await requestExport(deps, user, user, request);
      kickExports(deps, request.log);
      return reply.status(201).send(ok(presentExport(row, user.username)));
    },
  );

  app.get('/account/exports', { schema: { tags, security, response: replies(dataExportListSchema) } }, async (request) =>
    ok({ exports: await listExports(deps, requireUser(request)) }),
  );

  app.get(
    '/account/exports/:id/download',
    {
      schema: {
        tags,
        description: 'The archive (application/zip), to whoever asked for it, for 48 hours.',
        params: idParamsSchema,
        security,
        response: { 200: z.unknown().describe('A ZIP archive of JSON files with a README.txt') },
      },
    },
    async (request, reply) => {
      const { object, filename } = await openExport(deps, requireUser(request), request.params.id);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store');
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.body);
    },
  );

  // Open to an account whose email is not verified yet: leaving needs no verified address.
  app.post(
    '/account/delete',
    { schema: { tags, body: accountDeleteSchema, security, response: replies(messageSchema) }, config: { access: 'account', ...rateLimit(app, 'account') } },
    async (request) => {
      await deleteOwnAccount(deps, requireUser(request), request.body);
      return ok({ message: ACCOUNT_DELETED });
    },
  );

  // The users screen: an administrator exports a member's data (the archive is the administrator's to download) or
  // deletes the account with a reason (both in the moderation log).
  app.post(
    '/admin/users/:id/export',
    { schema: { tags: ['admin'], params: idParamsSchema, security, response: replies(dataExportSchema, 201) }, config: rateLimit(app, 'dataExport') },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const row = await requestExportFor(deps, admin, request.params.id, request);
      kickExports(deps, request.log);
      const member = await deps.db.kysely.selectFrom('users').select('username').where('id', '=', row.user_id).executeTakeFirstOrThrow();
      return reply.status(201).send(ok(presentExport(row, member.username)));
    },
  );

  app.delete(
    '/admin/users/:id',
    { schema: { tags: ['admin'], params: idParamsSchema, body: adminAccountDeleteSchema, security, response: replies(accountDeletedSchema) } },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await anonymiseAccount(deps, request.params.id, {
        actor: admin,
        removeComments: request.body.removeComments ?? false,
        reason: request.body.reason,
      });
      return ok({ id: user.id, username: user.username, deleted: true as const });
    },
  );

  app.addHook('onClose', exportsSettled);
}
