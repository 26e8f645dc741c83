import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compress, compressible, type Encoding, encodingFor } from './compression.js';

/**
 * Conditional GET for answers made on the server (feeds, sitemaps, the HTML document): an answer's bytes with a weak
 * ETag, a 304 for a client that holds them, compression once per answer, and a memo that keeps answers a while.
 */

/** An answer ready to send: bytes, type, a validator, and its compressed forms once asked for. */
export interface Answer {
  body: Buffer;
  contentType: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

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

function encoded(a: Answer, encoding: Encoding): Buffer {
  a[encoding] ??= compress(a.body, encoding);
  return a[encoding];
}

/**
 * Sends an answer with its validator and caching policy: 304 without a body when the client holds these bytes, else
 * the bytes, brotli- or gzip-compressed when accepted (compressed once per answer, kept with it). An answer sent with
 * another status than 200 (a 404 page) carries no validator and is never a 304: preconditions apply to successful
 * answers only (RFC 9110 13.2.1).
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, a: Answer, cacheControl: string, status = 200) {
  reply.code(status).header('cache-control', cacheControl);
  if (compressible(a.body.length)) reply.header('vary', 'accept-encoding');
  if (status === 200) {
    reply.header('etag', a.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], a.etag)) return reply.code(304).send();
  }
  reply.header('content-type', a.contentType);
  const encoding = encodingFor(a.body.length, request.headers['accept-encoding']);
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
