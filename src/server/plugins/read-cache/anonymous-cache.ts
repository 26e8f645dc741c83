import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { compress, encodingFor } from '../../http/compression.js';
import {
  type MemberStates,
  normalState,
  type OverlayTemplate,
  overlayByParsing,
  overlayTemplate,
  renderOverlay,
  type ViewerDealState,
} from './member-overlay.js';
import {
  dealOfUrl,
  freshAfterSoftWrites,
  isSoftWrite,
  localSoftMarks,
  type ReadView,
  type SoftMarks,
  type SoftScope,
  softScopeOf,
  viewOf,
} from './soft-writes.js';

/**
 * A short-lived cache of the serialised answers to anonymous public reads (browse pages, deal detail, a deal's
 * comments, the catalogue). Visitors all see the same bytes for the same URL, so one query and one JSON.stringify
 * serve everyone until something changes:
 * - every successful (or failed-with-5xx) non-GET request under /api empties it before its response leaves, so the
 *   writer and everyone after it read fresh data, except soft writes (votes, saves, comments: soft-writes.ts), which
 *   empty nothing: other readers see them within a short window, the writer at once;
 * - a read that started before such a write is not stored when it finishes (generation check);
 * - entries expire after ttlMs, which bounds staleness from what no request announces (expiry dates passing, the
 *   trending window sliding, scheduled scraper runs: call invalidateAnonymousReads(app) after those to be exact).
 * Signed-in requests never read or fill it as such: their deals carry the member's vote and save. On the deal lists
 * that opt in (route `config.memberOverlay`) a signed-in member is served from the same entry with their own votes and
 * saves laid over the bytes (member-overlay.ts: no parse, no stringify); a member's miss runs the handler as a visitor
 * (anonymousViewerId), stores those bytes and lays the state over them. The member's state comes from one query for
 * the page's deal ids and is then kept per member, like the entries, under the generation it was read in: a vote, a
 * save or an unsave is a soft write by that member, which drops their kept states and marks them (on every process),
 * so the member's next read queries again and shows it. States are kept per member id, so no member ever sees another's.
 * Only 200 answers are stored, so nothing an anonymous caller is refused (pending deals, member pages) leaks.
 * Cached answers are sent brotli- or gzip-compressed when the client accepts it, the first one included; each entry
 * is compressed once per encoding, when first asked for (a 34 kB browse page becomes about 4 kB).
 * A visitor's hit is written to the socket as it was stored: the status, the answer's own headers (the security headers
 * among them) kept as one list when it was stored, and the bytes, with no header handling, serialiser or onSend hook
 * per request (reply.hijack: Fastify still logs the request and runs the onResponse hooks, metrics included). While
 * the process shuts down (`draining`), hits take Fastify's ordinary way, so the onSend hook that asks clients to hang
 * up still sees them.
 *
 * Many processes (REDIS_URL, infra/cache-generation.ts): with `shared`, an entry is also tagged with the shared
 * generation read when its request started and served only while that generation is current; writes move the shared
 * generation on before their response leaves, so a read on any process after a write's response shows the write.
 * When the shared generation cannot be read (Redis away) the cache is bypassed.
 */
export interface AnonymousCacheOptions {
  /** URL prefixes (path and query) whose anonymous GETs are cached. */
  prefixes?: string[];
  ttlMs?: number;
  maxEntries?: number;
  /** Upper bound on the cached bytes. */
  maxBytes?: number;
  /** A generation shared by every process (several processes behind one site); none: this process only. */
  shared?: SharedGeneration;
  /** The member's votes and saves on a page's deals (one query): enables the member overlay. */
  memberStates?: MemberStates;
  /** Members whose page states are kept, and how many deal ids each at most. */
  maxMembers?: number;
  maxDealsPerMember?: number;
  /** Told when a deal list opted in but its answer could not be overlaid (served the slow way). */
  onOverlayFailed?: (url: string) => void;
  /** True once the process is shutting down: hits are then sent through Fastify's onSend hooks. */
  draining?: () => boolean;
}

/** The cross-process half of the cache (infra/cache-generation.ts keeps it in Redis). */
export interface SharedGeneration {
  /**
   * The current shared generation with the soft-write marks (the lists', any deal's, `dealId`'s and `memberId`'s
   * own), or undefined when it cannot be known now (then nothing is served or stored).
   */
  read(memberId?: number, dealId?: number): Promise<SoftMarks | undefined>;
  /** Moves the shared generation on; resolves once done or given up (never rejects). */
  bump(): Promise<void>;
  /** Records a soft write by `memberId` at `at` that changed `scope`, for every process; resolves once done or given up (never rejects). */
  markSoftWrite(memberId: number | undefined, at: number, scope: SoftScope): Promise<void>;
  /** Calls `fn` whenever the shared store was lost (writes may have gone unannounced): local entries are dropped. */
  onLost?(fn: () => void): void;
}

export const DEFAULT_CACHED_PREFIXES = ['/api/deals', '/api/comments/', '/api/categories', '/api/stores', '/api/site-config', '/api/search/'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers that belong to one response, one connection or one client, never to the stored answer. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'set-cookie', 'retry-after']);
const perResponse = (name: string) => PER_RESPONSE.has(name) || name.startsWith('x-ratelimit-');

/** The reply's headers as a flat [name, value, ...] list, less the per-response ones. */
function storedHead(reply: FastifyReply): string[] {
  const head: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || perResponse(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) head.push(name, String(v));
  }
  return head;
}
/** A visitor's read under way for a URL, which misses of the same URL meanwhile wait for. */
interface Fill {
  generation: number;
  shared: string;
  asOf: number;
  /** The stored entry, or undefined when the read was not stored. */
  answer: Promise<Entry | undefined>;
  resolve(entry: Entry | undefined): void;
}
interface Entry {
  /** Bytes, not a string: a hit is written to the socket without encoding it again. */
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  /** The answer's headers as Node's writeHead takes them ([name, value, ...]), less those of one response (length, date...). */
  head: string[];
  /** `head` with the encoding and length of each form, made when that form is first written. */
  written?: Partial<Record<'identity' | 'br' | 'gzip', string[]>>;
  bytes: number;
  expires: number;
  /** When the read that made it started (epoch ms): soft writes after it age it out sooner (soft-writes.ts). */
  asOf: number;
  /** The shared generation the entry was stored under ('' with one process). */
  shared: string;
  /** Where members' state goes, made on the first member hit; null: the answer cannot be overlaid. */
  overlay?: OverlayTemplate | null;
}

/**
 * What moves on whenever data may have changed: the local generation (every successful API write, clear()) and,
 * with many processes, the shared one. The signed-in user cache (session-cache.ts) tags its entries with both.
 */
export interface WriteGeneration {
  readonly generation: number;
  /** The shared generation as read for this request (at most one read per request): '' with one process, undefined when it cannot be known now. */
  sharedGeneration(request: FastifyRequest, memberId?: number): Promise<string | undefined>;
  /** The same read with the soft-write marks (this process's laid over the shared ones); `memberId`: the reader. */
  readView(request: FastifyRequest, memberId?: number): Promise<ReadView | undefined>;
}

export interface AnonymousCache extends WriteGeneration {
  clear(): void;
  readonly size: number;
  readonly bytes: number;
  readonly stats: {
    hits: number;
    /** Hits that waited for another request's read of the same URL (counted in hits too). */
    joined: number;
    misses: number;
    stores: number;
    invalidations: number;
    softWrites: number;
    bypassed: number;
    memberHits: number;
    memberMisses: number;
    memberStateQueries: number;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    anonymousCache?: AnonymousCache;
  }
  interface FastifyRequest {
    /** Set on cacheable misses: the cache generation the read started in. */
    anonymousCacheGeneration?: number;
    /** With a shared generation: the one read when the request started. */
    anonymousCacheShared?: string;
    /** Set on cacheable misses: when the read started (epoch ms). */
    anonymousCacheAsOf?: number;
    /** A visitor's miss that others may wait for: settled once its answer is stored or given up. */
    anonymousCacheFill?: Fill;
    /** The shared marks, read at most once per request and reader. */
    sharedViewRead?: { memberId: number | undefined; marks: Promise<SoftMarks | undefined> };
    /** A member's cacheable miss: the handler answers as a visitor and the member's state is laid over it on send. */
    memberOverlay?: boolean;
    /** A member's cacheable miss: the view it was read with. */
    anonymousCacheView?: ReadView;
  }
  interface FastifyContextConfig {
    /**
     * This GET answers a deal list (`data: Deal[]` or `data.deals`) whose anonymous answer plus the caller's
     * userVote/isSaved on each deal is exactly the member's answer: nothing else in it depends on who asks.
     */
    memberOverlay?: boolean;
  }
}

/**
 * An answer that is the signed-in member's own (the browse list's following=1): never stored, never overlaid, the
 * handler presents for the member. Answers the member's id.
 */
export function personalAnswer(request: FastifyRequest): number | null {
  request.memberOverlay = false;
  request.anonymousCacheGeneration = undefined;
  return request.user?.id ?? null;
}

/** The viewer a deal list handler presents for: null (a visitor) when the cache lays the member's state over the answer itself. */
export function anonymousViewerId(request: FastifyRequest): number | null {
  return request.memberOverlay ? null : (request.user?.id ?? null);
}

/**
 * Register on the root instance before the routes and before the security headers' hook: a hit is answered with the
 * headers its answer was stored with (the security headers among them), so that hook's work is not spent on it.
 */
export function registerAnonymousReadCache(app: FastifyInstance, opts: AnonymousCacheOptions = {}): AnonymousCache {
  const prefixes = opts.prefixes ?? DEFAULT_CACHED_PREFIXES;
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  const stats = {
    hits: 0,
    joined: 0,
    misses: 0,
    stores: 0,
    invalidations: 0,
    softWrites: 0,
    bypassed: 0,
    memberHits: 0,
    memberMisses: 0,
    memberStateQueries: 0,
  };
  const shared = opts.shared;
  const memberStates = opts.memberStates;

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  /** The entry's body in `encoding`, compressed on first use and counted in the cache's bytes. */
  const encoded = (entry: Entry, encoding: 'br' | 'gzip'): Buffer => {
    let out = entry[encoding];
    if (!out) {
      out = compress(entry.body, encoding);
      entry[encoding] = out;
      entry.bytes += out.length;
      bytes += out.length;
    }
    return out;
  };
  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.headers.authorization === undefined && prefixes.some((p) => request.url.startsWith(p));
  const marks = localSoftMarks(opts.maxMembers ?? 5_000);
  /** Visitors' reads under way, by URL: misses of the same URL meanwhile wait for them (serveOrMark). */
  const filling = new Map<string, Fill>();
  /** The request URL's view: a deal's own answer is aged by writes on that deal, any other by writes on the lists. */
  const readView = async (request: FastifyRequest, memberId?: number): Promise<ReadView | undefined> => {
    const dealId = dealOfUrl(request.url);
    let kept: SoftMarks | undefined = LOCAL_MARKS;
    if (shared) {
      const memo = request.sharedViewRead;
      if (!memo || memo.memberId !== memberId) request.sharedViewRead = { memberId, marks: shared.read(memberId, dealId) };
      kept = await (request.sharedViewRead as { marks: Promise<SoftMarks | undefined> }).marks;
    }
    return kept && viewOf(marks.merge(kept, memberId, dealId), dealId);
  };
  const sharedGeneration = async (request: FastifyRequest, memberId?: number): Promise<string | undefined> =>
    shared ? (await readView(request, memberId))?.shared : '';
  /** The live entry for the URL for a reader with this view (dropping an expired or outdated one). */
  const lookup = (url: string, view: ReadView): Entry | undefined => {
    const hit = entries.get(url);
    const now = Date.now();
    if (hit && hit.expires > now && hit.shared === view.shared && freshAfterSoftWrites(hit.asOf, view, now)) {
      // Least recently used goes first when full: move the hit to the end.
      entries.delete(url);
      entries.set(url, hit);
      return hit;
    }
    // An entry only the reader's own write made stale stays for the others.
    if (hit && (hit.expires <= now || hit.shared !== view.shared || hit.asOf <= view.softAt)) remove(url);
    return undefined;
  };
  const store = (request: FastifyRequest, reply: FastifyReply, body: Buffer): Entry | undefined => {
    const size = body.length;
    if (size > maxBytes / 16) return undefined;
    remove(request.url);
    while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes)) remove(entries.keys().next().value as string);
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    reply.header('vary', 'accept-encoding');
    const asOf = request.anonymousCacheAsOf ?? Date.now();
    const entry: Entry = { body, contentType, head: storedHead(reply), bytes: size, expires: asOf + ttlMs, asOf, shared: request.anonymousCacheShared ?? '' };
    entries.set(request.url, entry);
    bytes += size;
    stats.stores++;
    return entry;
  };
  const maxMembers = opts.maxMembers ?? 5_000;
  const maxDealsPerMember = opts.maxDealsPerMember ?? 500;
  /** Each member's known states (deal id -> state) and the generation they were read in. */
  const known = new Map<number, { generation: number; shared: string; asOf: number; expires: number; states: Map<number, ViewerDealState> }>();
  /** The member's states for the ids: the kept ones, plus ONE query for those not known under the current generation. */
  const statesFor = async (userId: number, ids: number[], view: ReadView): Promise<Map<number, ViewerDealState>> => {
    if (!memberStates) throw new Error('Member states are read only by a cache given memberStates');
    const kept = known.get(userId);
    const stale =
      kept !== undefined &&
      (kept.generation !== generation ||
        kept.shared !== view.shared ||
        kept.asOf <= view.memberAt ||
        kept.expires <= Date.now() ||
        kept.states.size > maxDealsPerMember);
    if (stale) known.delete(userId);
    const mine = stale ? undefined : kept;
    const missing = mine ? ids.filter((id) => !mine.states.has(id)) : ids;
    if (mine && missing.length === 0) return mine.states;
    const started = generation;
    const asOf = Date.now();
    stats.memberStateQueries++;
    const loaded = await memberStates(userId, missing);
    for (const id of missing) loaded.set(id, normalState(loaded.get(id)));
    // Read while a write went through: good for this answer (as the uncached path would be), not kept.
    if (started !== generation) return mine ? new Map([...mine.states, ...loaded]) : loaded;
    if (mine) {
      for (const [id, state] of loaded) mine.states.set(id, state);
      return mine.states;
    }
    while (known.size >= maxMembers) known.delete(known.keys().next().value as number);
    known.set(userId, { generation: started, shared: view.shared, asOf, expires: asOf + ttlMs, states: loaded });
    return loaded;
  };
  const templateOf = (entry: Entry): OverlayTemplate | null => {
    if (entry.overlay === undefined) entry.overlay = overlayTemplate(entry.body) ?? null;
    return entry.overlay;
  };

  const dropLocal = () => {
    generation++;
    entries.clear();
    known.clear();
    bytes = 0;
    stats.invalidations++;
  };
  shared?.onLost?.(dropLocal);

  const cache: AnonymousCache = {
    clear() {
      dropLocal();
      // Outside a request (scheduled jobs): the other processes hear of it as soon as the bump lands.
      if (shared) void shared.bump();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    get generation() {
      return generation;
    },
    sharedGeneration,
    readView,
    stats,
  };

  /** Writes a stored answer to the visitor as it was stored. */
  const sendHit = (request: FastifyRequest, reply: FastifyReply, hit: Entry) => {
    const encoding = encodingFor(hit.body.length, request.headers['accept-encoding']);
    const bytes = encoding ? encoded(hit, encoding) : hit.body;
    if (opts.draining?.()) {
      for (let i = 0; i < hit.head.length; i += 2) reply.header(hit.head[i], hit.head[i + 1]);
      if (encoding) reply.header('content-encoding', encoding);
      reply.send(bytes);
      return;
    }
    reply.hijack();
    const form = encoding ?? 'identity';
    hit.written ??= {};
    let head = hit.written[form];
    if (!head) {
      head = [...hit.head, ...(encoding ? ['content-encoding', encoding] : []), 'content-length', String(bytes.length)];
      hit.written[form] = head;
    }
    reply.raw.writeHead(200, head);
    reply.raw.end(bytes);
  };

  /** A request's read of its URL, begun now: announced, so that misses of the same URL meanwhile wait for it (settleFill). */
  const announce = (request: FastifyRequest, view: ReadView) => {
    let resolve: (entry: Entry | undefined) => void = () => {};
    const answer = new Promise<Entry | undefined>((r) => {
      resolve = r;
    });
    const fill: Fill = { generation, shared: view.shared, asOf: request.anonymousCacheAsOf ?? Date.now(), answer, resolve };
    filling.set(request.url, fill);
    request.anonymousCacheFill = fill;
  };
  /** The read under way may be served to this reader once stored: its answer is as fresh as a read of their own. */
  const joinable = (fill: Fill | undefined, view: ReadView): fill is Fill =>
    fill !== undefined && fill.generation === generation && fill.shared === view.shared && freshAfterSoftWrites(fill.asOf, view, Date.now());

  /** A miss that reads for itself: marked for storing, and (`lead`) announced. */
  const readForItself = (request: FastifyRequest, view: ReadView, lead: boolean, done: HookHandlerDoneFunction) => {
    stats.misses++;
    request.anonymousCacheGeneration = generation;
    request.anonymousCacheShared = view.shared;
    request.anonymousCacheAsOf = Date.now();
    if (lead) announce(request, view);
    done();
  };

  /**
   * A visitor's cacheable GET under the shared generation `current`: a hit is answered here; a miss of a URL another
   * request is reading already waits for that read's answer (one query per URL, not one per request: when a popular
   * answer ages out under load, every request for it would otherwise query at once, and each slower query lets more
   * requests miss); any other miss is marked for storing.
   */
  const serveOrMark = (request: FastifyRequest, reply: FastifyReply, view: ReadView | undefined, done: HookHandlerDoneFunction) => {
    if (view === undefined) {
      stats.bypassed++;
      return done();
    }
    const hit = lookup(request.url, view);
    if (hit) {
      stats.hits++;
      // Answered: `done` is not called, so no later onRequest hook, validation or handler runs.
      return sendHit(request, reply, hit);
    }
    const fill = filling.get(request.url);
    if (joinable(fill, view)) {
      fill.answer.then((entry) => {
        if (!entry || entry.shared !== view.shared) return readForItself(request, view, false, done);
        stats.hits++;
        stats.joined++;
        sendHit(request, reply, entry);
      });
      return;
    }
    readForItself(request, view, true, done);
  };

  /** The read a request announced is over: waiting requests get its entry (or read for themselves). */
  const settleFill = (request: FastifyRequest, entry: Entry | undefined) => {
    const fill = request.anonymousCacheFill;
    if (!fill) return;
    request.anonymousCacheFill = undefined;
    if (filling.get(request.url) === fill) filling.delete(request.url);
    fill.resolve(entry);
  };

  // Callback-style hooks, not async ones: a hit is the hot path of the site (every visitor's page), and an async hook
  // costs a promise and a microtask per request, plus, when it returns the reply, waiting for the response to finish.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!cacheable(request)) return done();
    if (!shared) {
      const dealId = dealOfUrl(request.url);
      return serveOrMark(request, reply, viewOf(marks.merge(LOCAL_MARKS, undefined, dealId), dealId), done);
    }
    readView(request).then(
      (view) => serveOrMark(request, reply, view, done),
      (err: Error) => done(err),
    );
  });

  // Members on the deal lists that opt in. preValidation: after every onRequest hook, so the auth hook has resolved the
  // member (a hit is a URL that answered 200 before, so skipping the query validation changes nothing).
  if (memberStates) {
    app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = request.user;
      if (!user || request.method !== 'GET' || request.routeOptions.config?.memberOverlay !== true) return;
      if (!prefixes.some((p) => request.url.startsWith(p))) return;
      const view = await readView(request, user.id);
      if (view === undefined) {
        stats.bypassed++;
        return;
      }
      // The visitor's bytes with this member's votes and saves laid over them.
      const sendOverlay = async (entry: Entry, template: OverlayTemplate) => {
        stats.memberHits++;
        const body = renderOverlay(template, await statesFor(user.id, template.ids, view));
        return reply.header('content-type', entry.contentType).send(body);
      };
      const hit = lookup(request.url, view);
      if (hit) {
        const template = templateOf(hit);
        // An entry that cannot be overlaid: the member path as before.
        return template ? sendOverlay(hit, template) : undefined;
      }
      // A read of the URL under way (a visitor's or a member's, both read the visitor's bytes): waited for, as a visitor would.
      const fill = filling.get(request.url);
      if (joinable(fill, view)) {
        const entry = await fill.answer;
        const joined = entry && entry.shared === view.shared ? templateOf(entry) : undefined;
        if (entry && joined) {
          stats.joined++;
          return sendOverlay(entry, joined);
        }
      }
      stats.memberMisses++;
      request.memberOverlay = true;
      request.anonymousCacheGeneration = generation;
      request.anonymousCacheShared = view.shared;
      request.anonymousCacheAsOf = Date.now();
      request.anonymousCacheView = view;
      if (!filling.has(request.url)) announce(request, view);
    });
  }

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
    if (!SAFE_METHODS.has(request.method)) {
      const status = reply.statusCode;
      // 4xx writes were refused before changing anything, and so was a 503 (an overload: plugins/error-handler.ts);
      // 2xx, 3xx and other 5xx may have changed data.
      if (request.url.startsWith('/api/') && (status < 400 || (status >= 500 && status !== 503))) {
        if (isSoftWrite(request)) return void softWritten(request).then(() => done(null, payload));
        dropLocal();
        // Before the response leaves: a read on any process after it sees the write (bump never rejects).
        if (shared) return void shared.bump().then(() => done(null, payload));
      }
      return done(null, payload);
    }
    if (request.memberOverlay) {
      return void memberAnswer(request, reply, payload).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    }
    done(null, visitorAnswer(request, reply, payload));
  });

  // Whatever became of an announced read (an error, a hard write meanwhile, a client gone), its waiters are let go.
  app.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    settleFill(request, undefined);
    done();
  });
  app.addHook('onRequestAbort', (request: FastifyRequest, done: HookHandlerDoneFunction) => {
    settleFill(request, undefined);
    done();
  });

  /** A visitor's cacheable miss that answered 200 in the generation it started in: stored, and compressed when accepted. */
  function visitorAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const started = request.anonymousCacheGeneration;
    if (started === undefined || started !== generation || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const entry = store(request, reply, body);
    settleFill(request, entry);
    if (!entry) return payload;
    const encoding = encodingFor(body.length, request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    return encoded(entry, encoding);
  }

  /** A member's miss: the handler answered as a visitor; store those bytes (as a visitor's miss would) and overlay them. */
  async function memberAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    // An error answer (a 400, a 5xx) does not depend on who asked: sent as it is.
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    // Marked for the overlay only with a member signed in; without one the visitor's answer is the answer.
    const user = request.user;
    if (!user) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const entry = request.anonymousCacheGeneration === generation ? store(request, reply, body) : undefined;
    settleFill(request, entry);
    const template = entry ? templateOf(entry) : overlayTemplate(body);
    const view = request.anonymousCacheView ?? LOCAL_VIEW;
    if (template) return renderOverlay(template, await statesFor(user.id, template.ids, view));
    opts.onOverlayFailed?.(request.url);
    return overlayByParsing(body, (ids) => statesFor(user.id, ids, view));
  }

  /** A soft write went through: nothing is emptied; the writer's kept states go and the write is marked everywhere. */
  async function softWritten(request: FastifyRequest) {
    const at = Date.now();
    const memberId = request.user?.id;
    const scope = softScopeOf(request);
    marks.mark(memberId, at, scope);
    if (memberId !== undefined) known.delete(memberId);
    stats.softWrites++;
    // Before the response leaves: the writer's next read, on any process, skips what was read before it.
    if (shared) await shared.markSoftWrite(memberId, at, scope);
  }

  app.decorate('anonymousCache', cache);
  return cache;
}

const LOCAL_VIEW: ReadView = { shared: '', softAt: 0, memberAt: 0 };
const LOCAL_MARKS: SoftMarks = { shared: '', listsAt: 0, allAt: 0, dealAt: 0, memberAt: 0 };

/** For changes made outside a request (scheduled scraper runs, maintenance scripts run in-process). */
export function invalidateAnonymousReads(app: FastifyInstance): void {
  app.anonymousCache?.clear();
}
