import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Agent } from 'undici';
import { lazyRequire } from '../../infra/lazy-require.js';
import { HttpError } from '../../http/errors.js';
import { blockedReason } from './address-policy.js';

/** Loaded by the first fetch: scrapers, AI help and localising images (lazy-require.ts). */
const undici = lazyRequire<typeof import('undici')>('undici');

/**
 * The one way the server fetches a URL that a user, an admin or a scraped page supplied (ARCHITECTURE §1, docs/notes/scrapers-ai.md):
 * http(s) only; every resolved address checked before connecting; the connection pinned to the checked address so a
 * second DNS answer (rebinding) cannot redirect it; redirects followed by hand and re-checked; time and size caps.
 */

export type SafeFetchErrorCode = 'invalid-url' | 'blocked' | 'dns' | 'timeout' | 'too-large' | 'too-many-redirects' | 'http-status' | 'network';

export class SafeFetchError extends Error {
  constructor(
    public readonly code: SafeFetchErrorCode,
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** DNS resolution, injectable so tests can make a name resolve to a private address without touching real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface SafeFetchOptions {
  /** Response bodies above this many bytes (after decompression) are refused while streaming. */
  maxBytes: number;
  /** 'host:port' pairs let through on purpose (SAFE_FETCH_ALLOW): an operator's or a test's local servers. */
  allow?: readonly string[];
  /** Whole-request deadline including redirects and the body. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
  resolver?: Resolver;
  signal?: AbortSignal;
  /** GET unless given (web push POSTs its encrypted message). */
  method?: 'GET' | 'POST';
  /** Request headers beyond the guard's own (a POST's content type, encoding, authorization). */
  headers?: Record<string, string>;
  body?: Buffer;
  /** Answer every status as it is (no 'http-status' error), for callers that act on 4xx/5xx themselves. */
  anyStatus?: boolean;
  /** Refuse plain http unless the host:port is allowed on purpose (a web push endpoint must be https). */
  httpsOnly?: boolean;
}

export interface SafeResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_REDIRECTS = 5;
const USER_AGENT = 'Mozilla/5.0 (compatible; QuidsInBot/1.0; +https://github.com/quidsin)';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function parseTarget(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new SafeFetchError('invalid-url', 'That is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid-url', `Only http and https URLs can be fetched (got ${url.protocol.replace(/:$/, '')})`);
  }
  if (url.username || url.password) throw new SafeFetchError('invalid-url', 'URLs with credentials are not fetched');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

function isAllowed(url: URL, allow: readonly string[] | undefined): boolean {
  if (!allow?.length) return false;
  const host = bareHost(url);
  const port = portOf(url);
  return allow.some((entry) => {
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(entry.trim().toLowerCase());
    return !!m && m[1] === host && m[2] === port;
  });
}

/**
 * Resolves the URL's host and refuses it unless every address is public (or the host:port is explicitly allowed).
 * Returns the checked addresses, the only ones the connection may use. Nothing is sent to the network for a refused
 * URL except, for names, a DNS query.
 */
export async function checkTarget(url: URL, opts: Pick<SafeFetchOptions, 'allow' | 'resolver'> = {}): Promise<ResolvedAddress[]> {
  const host = bareHost(url);
  const allowed = isAllowed(url, opts.allow);
  let addresses: ResolvedAddress[];
  const literal = net.isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    if (!host) throw new SafeFetchError('invalid-url', 'That URL has no host');
    try {
      addresses = await (opts.resolver ?? systemResolver)(host.replace(/\.$/, ''));
    } catch {
      throw new SafeFetchError('dns', `Could not resolve ${host}`);
    }
    if (!addresses.length) throw new SafeFetchError('dns', `Could not resolve ${host}`);
  }
  if (!allowed) {
    for (const a of addresses) {
      const reason = blockedReason(a.address);
      if (reason) throw new SafeFetchError('blocked', `Refusing to fetch ${host}: it resolves to a ${reason} address`);
    }
  }
  return addresses.map(({ address, family }) => ({ address, family }));
}

/** A connection pool that can only ever reach the addresses already checked, whatever DNS says later. */
function pinnedAgent(targets: ResolvedAddress[], connectTimeoutMs: number): Agent {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    // With `all` (Node's happy-eyeballs) every checked address may be tried; otherwise the first one.
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, targets);
    } else {
      callback(null, targets[0].address, targets[0].family);
    }
  };
  return new (undici().Agent)({ connect: { lookup, timeout: connectTimeoutMs }, connections: 1, pipelining: 0 });
}

/** Drops a body we will not read; undici reports the abort as an error event, which nobody needs to hear. */
function discard(stream: Readable) {
  stream.on('error', () => {});
  stream.destroy();
}

function decoded(body: Readable, encoding: string | undefined): Readable {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return body.pipe(zlib.createGunzip());
    case 'deflate':
      return body.pipe(zlib.createInflate());
    case 'br':
      return body.pipe(zlib.createBrotliDecompress());
    default:
      return body;
  }
}

async function readCapped(body: Readable, maxBytes: number, encoding: string | undefined): Promise<Buffer> {
  const stream = decoded(body, encoding);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new SafeFetchError('too-large', `The response is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      chunks.push(chunk as Buffer);
    }
  } finally {
    discard(body);
    if (stream !== body) discard(stream);
  }
  return Buffer.concat(chunks);
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Refuses a URL the options rule out before any lookup: plain http where https is required (unless allowed on purpose). */
function checkScheme(url: URL, opts: Pick<SafeFetchOptions, 'httpsOnly' | 'allow'>): void {
  if (opts.httpsOnly && url.protocol !== 'https:' && !isAllowed(url, opts.allow)) throw new SafeFetchError('invalid-url', 'Only https URLs are allowed here');
}

/**
 * Checks an untrusted URL as a fetch would, without fetching: a URL, http(s) (https only with `httpsOnly`), no
 * credentials, and every address its host resolves to public (or the host:port allowed on purpose). Throws a
 * SafeFetchError saying why not.
 */
export async function checkUrl(rawUrl: string, opts: Pick<SafeFetchOptions, 'allow' | 'resolver' | 'httpsOnly'> = {}): Promise<URL> {
  const url = parseTarget(rawUrl);
  checkScheme(url, opts);
  await checkTarget(url, opts);
  return url;
}

/**
 * Fetches an untrusted URL under the guard (GET, or the POST given in the options). Non-2xx answers (after redirects)
 * are errors with code 'http-status' unless `anyStatus`.
 */
export async function safeFetch(rawUrl: string | URL, opts: SafeFetchOptions): Promise<SafeResponse> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
  let url = parseTarget(rawUrl);

  for (let hop = 0; ; hop++) {
    checkScheme(url, opts);
    const targets = await checkTarget(url, opts);
    if (signal.aborted) throw new SafeFetchError('timeout', `Timed out after ${timeoutMs} ms`);
    const agent = pinnedAgent(targets, opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    try {
      const res = await undici().request(url, {
        method: opts.method ?? 'GET',
        dispatcher: agent,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: opts.accept ?? '*/*',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en-GB,en;q=0.8',
          ...opts.headers,
        },
        body: opts.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const headers = res.headers as Record<string, string | string[] | undefined>;
      if (REDIRECT_STATUSES.has(res.statusCode)) {
        discard(res.body);
        const location = header(headers, 'location');
        if (!location) throw new SafeFetchError('http-status', `Redirect without a location (HTTP ${res.statusCode})`, res.statusCode);
        if (hop >= maxRedirects) throw new SafeFetchError('too-many-redirects', `More than ${maxRedirects} redirects`);
        url = parseTarget(new URL(location, url));
        continue;
      }
      if (!opts.anyStatus && (res.statusCode < 200 || res.statusCode > 299)) {
        discard(res.body);
        throw new SafeFetchError('http-status', `The server answered HTTP ${res.statusCode}`, res.statusCode);
      }
      const declared = Number(header(headers, 'content-length'));
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        discard(res.body);
        throw new SafeFetchError('too-large', `The response is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
      }
      const body = await readCapped(res.body, opts.maxBytes, header(headers, 'content-encoding'));
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
      return { url: url.toString(), status: res.statusCode, contentType: (header(headers, 'content-type') ?? '').toLowerCase(), headers: flat, body };
    } catch (err) {
      if (err instanceof SafeFetchError) throw err;
      if (deadline.aborted || (err as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' || (err as { code?: string }).code === 'UND_ERR_BODY_TIMEOUT') {
        throw new SafeFetchError('timeout', `Timed out after ${timeoutMs} ms`);
      }
      if ((err as { code?: string }).code === 'UND_ERR_CONNECT_TIMEOUT') throw new SafeFetchError('timeout', `Could not connect to ${url.host} in time`);
      throw new SafeFetchError('network', `Could not reach ${url.host}`);
    } finally {
      agent.close().catch(() => {});
    }
  }
}

/** An HTTP error for the API caller, naming what could not be fetched ("the image", "the product page"). */
export function fetchFailure(err: unknown, what: string): Error {
  if (!(err instanceof SafeFetchError)) return err as Error;
  switch (err.code) {
    case 'invalid-url':
    case 'blocked':
      return new HttpError(400, `${capitalise(what)} URL is not allowed: ${err.message}`);
    case 'timeout':
      return new HttpError(504, `${capitalise(what)} did not load in time`);
    case 'too-large':
      return new HttpError(413, `${capitalise(what)} is too large (${err.message.replace(/^The response is /, '')})`);
    case 'http-status':
      return new HttpError(502, `Could not fetch ${what}: the server answered HTTP ${err.status ?? 'error'}`);
    case 'too-many-redirects':
      return new HttpError(502, `Could not fetch ${what}: too many redirects`);
    default:
      return new HttpError(502, `Could not reach ${what}: ${err.message}`);
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Decodes a fetched text body using the charset the server declared (UTF-8 when none or unknown). */
export function bodyText(res: SafeResponse): string {
  const charset = /charset=["']?([\w-]+)/i.exec(res.contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(res.body);
  } catch {
    return new TextDecoder('utf-8').decode(res.body);
  }
}
