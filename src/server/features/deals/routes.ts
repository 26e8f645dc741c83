import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEAL_IMAGE_MAX_BYTES,
  DEAL_IMAGE_MESSAGES,
  dealCreateSchema,
  dealListQuerySchema,
  dealListSchema,
  type DealPage,
  dealPageSchema,
  dealSchema,
  dealUpdateSchema,
  limitQuerySchema,
  relatedQuerySchema,
  uploadResultSchema,
} from '../../../shared/schemas/deals/deals.js';
import { deletedSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { anonymousViewerId, personalAnswer } from '../../plugins/read-cache/anonymous-cache.js';
import { FOLLOW_MESSAGES } from '../../../shared/schemas/members/follows.js';
import { followIds } from '../follows/index.js';
import { ok } from '../../http/envelope.js';
import { readSingleUpload } from '../../http/uploads.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { type BrowseFilters, browseFiltersFromQuery } from './list/browse-filters.js';
import { postDeal, removeDeal, reviseDeal, uploadDealImage } from './commands.js';
import { dealList } from './list/list-service.js';
import { assertCanView } from './policy.js';
import { findDealWithRefs, presentForViewer } from './queries.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import { userDeals, withFigures } from './user-deals.js';
import { maySeeFigures } from '../analytics/index.js';

const SPECIAL_LIMITS = { trending: 6, newest: 3, 'getting-warm': 10, 'most-commented': 10 } as const;

export async function dealRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db, config } = deps;
  const viewerId = (request: { user: { id: number } | null }) => request.user?.id ?? null;
  // The lists: the same deals for everyone, plus the caller's vote and save on each. Members are served the cached
  // visitor's page with their state laid over it (plugins/read-cache/anonymous-cache.ts, `memberOverlay`), so these handlers present
  // for anonymousViewerId(request): null when that overlay will add the member's state.
  const lists = { memberOverlay: true };

  app.get('/deals', { schema: { tags: ['deals'], querystring: dealListQuerySchema, response: replies(dealPageSchema) }, config: lists }, async (request) => {
    const q = request.query;
    const filters = browseFiltersFromQuery(q);
    if (q.following) {
      // The member's own list: never the shared cache's (plugins/read-cache/anonymous-cache.ts personalAnswer).
      await signedIn(FOLLOW_MESSAGES.followingLogin)(request);
      const memberId = personalAnswer(request) as number;
      return ok(
        await dealList(db, config.affiliate, {
          filters,
          sort: 'newest',
          page: q.page,
          pageSize: q.pageSize,
          viewerId: memberId,
          following: await followIds(db, memberId),
        }),
      );
    }
    const page: DealPage = await dealList(db, config.affiliate, {
      filters,
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
      viewerId: anonymousViewerId(request),
      nearSpellings: !q.exact,
      relaxFrom: new URLSearchParams(request.url.split('?')[1] ?? ''),
    });
    return ok(page);
  });

  // Static paths: find-my-way prefers them to /deals/:id whatever the order, listed first for the reader.
  for (const [path, defaultLimit] of Object.entries(SPECIAL_LIMITS) as Array<[keyof typeof SPECIAL_LIMITS, number]>) {
    app.get(
      `/deals/${path}`,
      { schema: { tags: ['deals'], querystring: limitQuerySchema(defaultLimit), response: replies(dealListSchema) }, config: lists },
      async (request) => {
        const filters: BrowseFilters = { status: 'active', warmOnly: path === 'getting-warm' };
        const sort = path;
        const { deals } = await dealList(db, config.affiliate, {
          filters,
          sort,
          page: 1,
          pageSize: request.query.limit,
          viewerId: anonymousViewerId(request),
          withCount: false,
        });
        return ok(deals);
      },
    );
  }

  app.get(
    '/deals/related',
    { schema: { tags: ['deals'], querystring: relatedQuerySchema, response: replies(dealListSchema) }, config: lists },
    async (request) => {
      const q = request.query;
      const filters: BrowseFilters = { status: q.status, categoryId: q.category, excludeId: q.excludeDealId };
      const { deals } = await dealList(db, config.affiliate, {
        filters,
        sort: q.sort,
        page: 1,
        pageSize: q.limit,
        viewerId: anonymousViewerId(request),
        withCount: false,
      });
      return ok(deals);
    },
  );

  app.get('/user/deals', { schema: { tags: ['deals'], security: [{ bearer: [] }], response: replies(dealListSchema) } }, async (request) => {
    const user = requireUser(request);
    return ok(await withFigures(db, await userDeals(db, user.id, config.affiliate)));
  });

  app.post(
    '/deals/upload-image',
    {
      schema: { tags: ['deals'], security: [{ bearer: [] }], consumes: ['multipart/form-data'], response: replies(uploadResultSchema) },
      onRequest: signedIn(),
      config: writeLimit(app, 'upload'),
    },
    async (request) => {
      const user = requireUser(request);
      const file = await readSingleUpload(request, 'image', DEAL_IMAGE_MAX_BYTES, DEAL_IMAGE_MESSAGES.tooLarge);
      return ok(await uploadDealImage(deps, user, file.buffer));
    },
  );

  app.get('/deals/:id', { schema: { tags: ['deals'], params: idParamsSchema, response: replies(dealSchema) } }, async (request) => {
    const row = await findDealWithRefs(db, request.params.id);
    assertCanView(request.user, row);
    const [deal] = await presentForViewer(db, [row], viewerId(request), config.affiliate);
    return ok(maySeeFigures(request.user, row.user_id) ? (await withFigures(db, [deal]))[0] : deal);
  });

  app.post(
    '/deals',
    {
      schema: { tags: ['deals'], body: dealCreateSchema, security: [{ bearer: [] }], response: replies(dealSchema, 201) },
      onRequest: signedIn(),
      config: writeLimit(app, 'dealPost'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const id = await postDeal(deps, request.body, user);
      const row = await findDealWithRefs(db, id);
      const [deal] = await presentForViewer(db, row ? [row] : [], user.id, config.affiliate);
      return reply.status(201).send(ok(deal));
    },
  );

  app.put(
    '/deals/:id',
    {
      schema: { tags: ['deals'], params: idParamsSchema, body: dealUpdateSchema, security: [{ bearer: [] }], response: replies(dealSchema) },
      onRequest: signedIn(),
      config: writeLimit(app, 'dealEdit'),
    },
    async (request) => {
      const user = requireUser(request);
      await reviseDeal(deps, request.params.id, request.body, user);
      const row = await findDealWithRefs(db, request.params.id);
      const [deal] = await presentForViewer(db, row ? [row] : [], user.id, config.affiliate);
      return ok(deal);
    },
  );

  app.delete(
    '/deals/:id',
    {
      schema: { tags: ['deals'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(deletedSchema) },
      onRequest: signedIn(),
      config: writeLimit(app, 'dealEdit'),
    },
    async (request) => {
      const user = requireUser(request);
      await removeDeal(deps, request.params.id, user);
      return ok({ id: request.params.id, deleted: true });
    },
  );
}
