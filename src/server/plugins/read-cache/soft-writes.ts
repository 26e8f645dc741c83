import type { FastifyRequest } from 'fastify';

/**
 * Soft writes: writes that change only a deal's figures (its temperature and vote counts, its comment count, a comment
 * list, a comment's likes) or the writer's own state (their saves). They are most of a live site's writes (votes,
 * saves, comments arrive every second), and emptying every cached answer for each of them made reads under writes
 * several times slower (docs/notes/bench.md, "Reads under writes"). So they empty nothing; instead:
 * - another reader may be shown an answer read before the write for at most SOFT_WINDOW_MS after it was read
 *   (`freshAfterSoftWrites`): an answer read before the latest soft write anywhere is served only while it is younger
 *   than the window. Drawn pages built from cached answers add one window to another, so the window is half of the
 *   promised 5 s;
 * - the writer is never shown one: their own reads skip every answer read before their latest write (`memberAt`),
 *   on any process (the marks are shared through Redis with the generation, infra/cache-generation.ts).
 * Every other write (anything that can change what a deal is, who may see it, or the catalogue) is a hard write: it
 * moves the generation and empties every cached answer before its response leaves, as before.
 * A route opts in with `config: { softWrite: true }`; a route that does not is a hard write.
 */
export const SOFT_WINDOW_MS = 2_500;

/** What a read may rely on: the shared generation, when the latest soft write was made, and the reader's own latest one. */
export interface ReadView {
  /** The shared generation ('' with one process). */
  shared: string;
  /** Epoch ms of the latest soft write anywhere (0: none known). */
  softAt: number;
  /** Epoch ms of the reader's own latest soft write (0: none, or a visitor). */
  memberAt: number;
}

/**
 * An answer read at `asOf` may still be served at `now` to a reader with this view. A read begun in the same
 * millisecond as a write's mark may have read before it committed, so it counts as before the write.
 */
export function freshAfterSoftWrites(asOf: number, view: ReadView, now: number): boolean {
  if (asOf <= view.memberAt) return false;
  return asOf > view.softAt || now - asOf < SOFT_WINDOW_MS;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This write changes only deals' figures or the writer's own state: it empties no cached answer (soft-writes.ts). */
    softWrite?: boolean;
  }
}

export const isSoftWrite = (request: FastifyRequest) => request.routeOptions.config?.softWrite === true;

/** This process's own soft-write marks: the latest soft write, and each recent writer's latest one (bounded). */
export function localSoftMarks(maxMembers: number) {
  let softAt = 0;
  const members = new Map<number, number>();
  return {
    mark(memberId: number | undefined, at: number) {
      softAt = Math.max(softAt, at);
      if (memberId === undefined) return;
      members.delete(memberId);
      while (members.size >= maxMembers) members.delete(members.keys().next().value as number);
      members.set(memberId, at);
    },
    /** The view with this process's marks laid over what the shared store said. */
    merge(view: ReadView, memberId: number | undefined): ReadView {
      const mine = memberId === undefined ? 0 : (members.get(memberId) ?? 0);
      if (softAt <= view.softAt && mine <= view.memberAt) return view;
      return { shared: view.shared, softAt: Math.max(softAt, view.softAt), memberAt: Math.max(mine, view.memberAt) };
    },
    clear() {
      members.clear();
    },
  };
}
