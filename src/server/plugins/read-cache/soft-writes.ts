import type { FastifyRequest } from 'fastify';

/**
 * Soft writes: writes that change only deals' figures (a temperature and vote counts, a comment count, a comment list,
 * a comment's likes) or the writer's own state (their saves, their inbox, their choices). They are most of a live site's
 * writes (votes, saves, comments arrive every second), and emptying every cached answer for each of them made reads
 * under writes several times slower (docs/notes/bench.md, "Reads under writes"). So they empty nothing; instead each
 * ages only the answers it can have changed (ARCHITECTURE §8, "Soft writes"):
 * - what it changed: `'own'` writes change nothing another reader sees; a write on one deal (`softWriteOn`) changes that
 *   deal's answers (its page, its comments) and, unless it says otherwise, the lists (their figures and their order by
 *   temperature or comments); any other soft write changes anything public (`allAt`);
 * - another reader may be shown an answer read before the latest write that changed it for at most SOFT_WINDOW_MS after
 *   it was read (`freshAfterSoftWrites`). Drawn pages built from cached answers add one window to another, so the
 *   window is half of the promised 5 s;
 * - the writer is never shown one: their own reads skip every answer read before their latest write (`memberAt`),
 *   on any process (the marks are shared through Redis with the generation, infra/cache-generation.ts).
 * Every other write (anything that can change what a deal is, who may see it, or the catalogue) is a hard write: it
 * moves the generation and empties every cached answer before its response leaves, as before.
 * A route opts in with `config: { softWrite: true }` (or `'own'`); a route that does not is a hard write.
 */
export const SOFT_WINDOW_MS = 2_500;

/** What a read may rely on for one URL: the shared generation, when the latest soft write that can change it was made, and the reader's own latest one. */
export interface ReadView {
  /** The shared generation ('' with one process). */
  shared: string;
  /** Epoch ms of the latest soft write anywhere that can have changed this URL's answer (0: none known). */
  softAt: number;
  /** Epoch ms of the reader's own latest soft write (0: none, or a visitor). */
  memberAt: number;
}

/** The soft-write marks as kept (per process, and in Redis for every process); `viewOf` turns them into one URL's view. */
export interface SoftMarks {
  shared: string;
  /** The latest soft write that changed the lists (any public one but a comment's like). */
  listsAt: number;
  /** The latest public soft write whose deals are not known: it may have changed any answer. */
  allAt: number;
  /** The latest soft write on the URL's deal (0 when the URL is not one deal's). */
  dealAt: number;
  memberAt: number;
}

/** The view of a URL that is `dealId`'s own answer (its page, its comments), or of any other (undefined). */
export function viewOf(marks: SoftMarks, dealId: number | undefined): ReadView {
  const softAt = dealId === undefined ? marks.listsAt : Math.max(marks.allAt, marks.dealAt);
  return { shared: marks.shared, softAt, memberAt: marks.memberAt };
}

/**
 * The deal whose answer a cached URL is, when it is one deal's own: `/api/deals/{id}` (and its sub-paths) and
 * `/api/comments/{dealId}`. Everything else (lists, search, the catalogue, drawn pages) is aged by every public soft write.
 */
export function dealOfUrl(url: string): number | undefined {
  const m = /^\/api\/(?:deals|comments)\/(\d{1,15})(?:[/?]|$)/.exec(url);
  return m ? Number(m[1]) : undefined;
}

/**
 * An answer read at `asOf` may still be served at `now` to a reader with this view. A read begun in the same
 * millisecond as a write's mark may have read before it committed, so it counts as before the write.
 */
export function freshAfterSoftWrites(asOf: number, view: ReadView, now: number): boolean {
  if (asOf <= view.memberAt) return false;
  return asOf > view.softAt || now - asOf < SOFT_WINDOW_MS;
}

/** What one soft write changed, for the marks. */
export type SoftScope = { kind: 'own' } | { kind: 'all' } | { kind: 'deal'; dealId: number; lists: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This write changes only deals' figures (`true`) or nothing but the writer's own state (`'own'`): it empties no
     * cached answer (soft-writes.ts).
     */
    softWrite?: boolean | 'own';
  }
  interface FastifyRequest {
    /** The one deal a soft write changed (softWriteOn). */
    softWriteDeal?: { dealId: number; lists: boolean };
  }
}

export const isSoftWrite = (request: FastifyRequest) => {
  const soft = request.routeOptions.config?.softWrite;
  return soft === true || soft === 'own';
};

/**
 * Says which deal a soft write changed, so that only that deal's answers (and, with `lists`, the lists) age. A soft
 * write that does not say ages every public answer.
 */
export function softWriteOn(request: FastifyRequest, dealId: number, opts: { lists?: boolean } = {}): void {
  request.softWriteDeal = { dealId, lists: opts.lists ?? true };
}

/** What the request's soft write changed. */
export function softScopeOf(request: FastifyRequest): SoftScope {
  if (request.routeOptions.config?.softWrite === 'own') return { kind: 'own' };
  const deal = request.softWriteDeal;
  return deal ? { kind: 'deal', ...deal } : { kind: 'all' };
}

/**
 * This process's own soft-write marks: the latest on the lists, the latest on anything, each recently written deal's
 * and each recent writer's latest one (both bounded: a deal pushed out leaves its time as a floor for every deal not
 * kept, so forgetting never makes an answer look fresher than it is).
 */
export function localSoftMarks(maxMembers: number, maxDeals = 20_000) {
  let listsAt = 0;
  let allAt = 0;
  let dealFloor = 0;
  const members = new Map<number, number>();
  const deals = new Map<number, number>();
  const keep = (map: Map<number, number>, id: number, at: number, max: number) => {
    map.delete(id);
    while (map.size >= max) {
      const oldest = map.keys().next().value as number;
      if (map === deals) dealFloor = Math.max(dealFloor, map.get(oldest) ?? 0);
      map.delete(oldest);
    }
    map.set(id, at);
  };
  return {
    mark(memberId: number | undefined, at: number, scope: SoftScope) {
      if (scope.kind === 'all') {
        allAt = Math.max(allAt, at);
        listsAt = Math.max(listsAt, at);
      } else if (scope.kind === 'deal') {
        keep(deals, scope.dealId, Math.max(at, deals.get(scope.dealId) ?? 0), maxDeals);
        if (scope.lists) listsAt = Math.max(listsAt, at);
      }
      if (memberId !== undefined) keep(members, memberId, at, maxMembers);
    },
    /** The marks with this process's laid over what the shared store said. */
    merge(shared: SoftMarks, memberId: number | undefined, dealId: number | undefined): SoftMarks {
      const mine = memberId === undefined ? 0 : (members.get(memberId) ?? 0);
      const deal = dealId === undefined ? 0 : (deals.get(dealId) ?? dealFloor);
      return {
        shared: shared.shared,
        listsAt: Math.max(listsAt, shared.listsAt),
        allAt: Math.max(allAt, shared.allAt),
        dealAt: Math.max(deal, shared.dealAt),
        memberAt: Math.max(mine, shared.memberAt),
      };
    },
  };
}
