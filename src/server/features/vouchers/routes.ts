import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, deletedSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import {
  adminVoucherQuerySchema,
  VOUCHER_MESSAGES,
  voucherAnswerSchema,
  voucherCopiedSchema,
  voucherCreateSchema,
  voucherListQuerySchema,
  voucherPageSchema,
  voucherReportedSchema,
  voucherReportSchema,
  voucherResolvedSchema,
  voucherResolveSchema,
  voucherSchema,
  voucherShopListSchema,
} from '../../../shared/schemas/catalog/vouchers.js';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { requireAllowed, requireUser } from '../../plugins/auth.js';
import { allowedOnly, signedIn, staffRoute } from '../../plugins/guards.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { memberReputationChanged } from '../reputation/index.js';
import { answerVoucher, countCopy, createVoucher, decideVoucher, deleteVoucher, reportVoucher, resolveVoucherReports } from './commands.js';
import { mayApproveVouchers, mayWorkVoucherReports } from './policy.js';
import { adminVouchers, newestVouchers, pendingVoucherCount, storeVouchers, topVoucherShops, voucherDetail } from './queries.js';

const security = [{ bearer: [] }];
const tags = ['vouchers'];

/** Voucher codes (docs/notes/vouchers-follows.md): public reads, members' posts, answers, copies and reports. */
export async function voucherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const viewerId = (request: { user?: { id: number } | null }) => request.user?.id ?? null;

  app.get('/vouchers', { schema: { tags, querystring: voucherListQuerySchema, response: replies(voucherPageSchema) } }, async (request) =>
    ok(await newestVouchers(db, request.query, viewerId(request), config.affiliate)),
  );

  app.get('/vouchers/shops', { schema: { tags, response: replies(voucherShopListSchema) } }, async () => ok(await topVoucherShops(db)));

  app.get('/vouchers/:id', { schema: { tags, params: idParamsSchema, response: replies(voucherSchema) } }, async (request) =>
    ok(await voucherDetail(db, request.params.id, request.user ?? null, config.affiliate)),
  );

  app.get(
    '/stores/:id/vouchers',
    { schema: { tags, params: idParamsSchema, querystring: voucherListQuerySchema, response: replies(voucherPageSchema) } },
    async (request) => ok(await storeVouchers(db, request.params.id, request.query, viewerId(request), config.affiliate)),
  );

  app.post(
    '/vouchers',
    {
      schema: { tags, body: voucherCreateSchema, security, response: replies(voucherSchema, 201) },
      onRequest: signedIn(VOUCHER_MESSAGES.login),
      config: rateLimit(app, 'voucherPost'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const id = await createVoucher(db, user, request.body);
      await memberReputationChanged(db, user.id, 'vouchers');
      return reply.status(201).send(ok(await voucherDetail(db, id, user, config.affiliate)));
    },
  );

  app.post(
    '/vouchers/:id/answer',
    {
      schema: { tags, params: idParamsSchema, body: voucherAnswerSchema, security, response: replies(voucherSchema) },
      onRequest: signedIn(VOUCHER_MESSAGES.answerLogin),
      config: { ...rateLimit(app, 'voucherAnswer'), softWrite: true },
    },
    async (request) => {
      const user = requireUser(request);
      const posterId = await answerVoucher(db, user, request.params.id, request.body.worked);
      if (posterId !== null) await memberReputationChanged(db, posterId, 'vouchers');
      return ok(await voucherDetail(db, request.params.id, user, config.affiliate));
    },
  );

  // Copies are counted for anyone (visitors copy codes too), as a number on the row: no cookie, nothing about who.
  app.post(
    '/vouchers/:id/copy',
    {
      schema: { tags, params: idParamsSchema, response: replies(voucherCopiedSchema) },
      config: { access: 'public', ...rateLimit(app, 'voucherCopy'), softWrite: true },
    },
    async (request) => ok({ id: request.params.id, copyCount: await countCopy(db, request.params.id) }),
  );

  app.post(
    '/vouchers/:id/reports',
    {
      schema: { tags, params: idParamsSchema, body: voucherReportSchema, security, response: replies(voucherReportedSchema, 201) },
      onRequest: signedIn(VOUCHER_MESSAGES.reportLogin),
      config: rateLimit(app, 'report'),
    },
    async (request, reply) => reply.status(201).send(ok(await reportVoucher(db, requireUser(request), request.params.id, request.body))),
  );

  app.delete(
    '/vouchers/:id',
    { schema: { tags, params: idParamsSchema, security, response: replies(deletedSchema) }, onRequest: signedIn(), config: rateLimit(app, 'voucherAnswer') },
    async (request) => {
      const posterId = await deleteVoucher(db, requireUser(request), request.params.id);
      if (posterId !== null) await memberReputationChanged(db, posterId, 'vouchers');
      return ok({ id: request.params.id, deleted: true as const });
    },
  );
}

const voucherCountSchema = z.object({ pending: z.number().int() });

/**
 * The back office (beside deals): administrators approve or reject pending vouchers; the team (moderators too) lists
 * them and works their reports.
 */
export async function adminVoucherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const staff = staffRoute(app, mayWorkVoucherReports);

  app.get(
    '/admin/vouchers',
    { schema: { tags: ['admin'], querystring: adminVoucherQuerySchema, security, response: replies(voucherPageSchema) }, ...staff },
    async (request) => ok(await adminVouchers(db, request.query, config.affiliate)),
  );

  app.get('/admin/vouchers/count', { schema: { tags: ['admin'], security, response: replies(voucherCountSchema) }, ...staff }, async () =>
    ok({ pending: await pendingVoucherCount(db) }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/vouchers/:id/${decision}`,
      {
        schema: { tags: ['admin'], params: idParamsSchema, security, response: replies(voucherSchema) },
        onRequest: allowedOnly(mayApproveVouchers),
        config: rateLimit(app, 'moderation'),
      },
      async (request) => {
        const admin = requireAllowed(request, mayApproveVouchers);
        const voucher = await decideVoucher(db, request.params.id, decision);
        if (voucher.user_id !== null) await memberReputationChanged(db, Number(voucher.user_id), 'vouchers');
        return ok(await voucherDetail(db, request.params.id, admin, config.affiliate));
      },
    );
  }

  app.post(
    '/admin/vouchers/:id/reports/resolve',
    {
      schema: { tags: ['admin'], params: idParamsSchema, body: voucherResolveSchema, security, response: replies(voucherResolvedSchema) },
      ...staffRoute(app, mayWorkVoucherReports, { action: true }),
    },
    async (request) => ok(await resolveVoucherReports(db, requireAllowed(request, mayWorkVoucherReports), request.params.id, request.body.action)),
  );
}
