import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from '../../http/anonymous-cache.js';

/** An answer ready to send: bytes, type, a validator, and its compressed forms once asked for. */
export interface Answer {
  body: Buffer;
  contentType: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this, compressing saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** A weak validator from the bytes: equal bytes, equal ETag, whichever process or memo entry made them. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function answer(body: string | Buffer, contentType: string): Answer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { body: bytes, contentType, etag: weakEtag(bytes) };
}

/** If-None-Match by weak comparison (RFC 9110 13.1.2): any listed tag equal to ours, W/ or not, or `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const ours = etag.replace(/^W\//, '');
  const list = Array.isArray(header) ? header.join(',') : header;
  return list.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === ours;
  });
}

function encoded(a: Answer, encoding: 'br' | 'gzip'): Buffer {
  let out = a[encoding];
  if (!out) {
    out =
      encoding === 'br'
        ? zlib.brotliCompressSync(a.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: a.body.length } })
        : zlib.gzipSync(a.body, { level: 6 });
    a[encoding] = out;
  }
  return out;
}

/**
 * Sends an answer with its validator and caching policy: 304 without a body when the client holds these bytes, else
 * the bytes, brotli- or gzip-compressed when accepted (compressed once per answer, kept with it).
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, a: Answer, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', a.etag);
  const compressible = a.body.length >= COMPRESS_FROM_BYTES;
  if (compressible) reply.header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], a.etag)) return reply.code(304).send();
  reply.header('content-type', a.contentType);
  const encoding = compressible ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(a.body);
  return reply.header('content-encoding', encoding).send(encoded(a, encoding));
}

export interface MemoOptions {
  ttlMs: number;
  maxBytes: number;
  /** A number that changes whenever the data behind the answers may have changed; a change drops every entry. */
  generation?: () => number;
}

interface MemoEntry {
  answer: Answer;
  expires: number;
  generation: number;
  bytes: number;
}

/**
 * Answers kept in memory by key, for a while (ttlMs) and, with `generation`, only until the data changes; least
 * recently used first out past maxBytes. Concurrent misses of one key share one build.
 */
export class AnswerMemo {
  private readonly entries = new Map<string, MemoEntry>();
  private readonly building = new Map<string, Promise<Answer>>();
  private bytes = 0;

  constructor(private readonly opts: MemoOptions) {}

  private remove(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.bytes;
    this.entries.delete(key);
  }

  async get(key: string, build: () => Promise<Answer>): Promise<Answer> {
    const generation = this.opts.generation?.() ?? 0;
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now() && hit.generation === generation) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    this.remove(key);
    const pending = this.building.get(key);
    if (pending) return pending;
    const promise = build().finally(() => this.building.delete(key));
    this.building.set(key, promise);
    const a = await promise;
    // A change while building may have been missed: such an answer is sent but not kept.
    if ((this.opts.generation?.() ?? 0) !== generation) return a;
    // Room for the compressed forms too, which are added to the answer when first asked for.
    const bytes = a.body.length * 2;
    if (bytes > this.opts.maxBytes / 2) return a;
    while (this.entries.size > 0 && this.bytes + bytes > this.opts.maxBytes) this.remove(this.entries.keys().next().value as string);
    this.entries.set(key, { answer: a, expires: Date.now() + this.opts.ttlMs, generation, bytes });
    this.bytes += bytes;
    return a;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}
