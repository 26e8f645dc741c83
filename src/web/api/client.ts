import { toast } from '../lib/toast/toast';
import { tokenStore } from './members/token';

/**
 * A reply as read off the wire: the SPEC §8 envelope plus what some errors carry beside it. Every field may be
 * missing (a proxy's HTML error page parses to nothing), so callers test before use.
 */
export interface ReplyBody {
  success?: boolean;
  error?: string;
  message?: string;
  field?: string;
  data?: { token?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** An API failure: the HTTP status and the server's error text (preferred when present, SPEC §8). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: ReplyBody | null = null,
  ) {
    super(message);
  }
  get field(): string | undefined {
    return this.body?.field;
  }
}

const TOO_MANY = 'Too many requests. Please try again later.';

type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>;

export function buildQuery(params?: Query): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) q.append(key, String(v));
    } else q.set(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * How requests leave: the browser's fetch, or, in the server's first-screen render (web/entry-server.tsx), a call
 * into the server's own API in process. Set once per process, never per request.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export const setApiTransport = (next: typeof fetch) => {
  transport = next;
};

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await transport(`/api${path}${buildQuery(opts.query)}`, { method, headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  // The server answers camelCase envelopes (presenters in src/server/features/*): read as sent.
  let json: ReplyBody | null = null;
  try {
    json = (await res.json()) as ReplyBody | null;
  } catch {
    json = null;
  }
  if (res.status === 401 && token) {
    // SPEC §8: a 401 drops the stored token; the auth state listens and signs out.
    tokenStore.set(null);
  }
  if (res.status === 429) {
    const message = json?.error || TOO_MANY;
    toast.error(message);
    throw new ApiError(429, message, json);
  }
  if (!res.ok || json?.success === false) {
    throw new ApiError(res.status, json?.error || json?.message || res.statusText || 'Request failed', json);
  }
  if (json?.data?.token) tokenStore.set(json.data.token);
  return json?.data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  upload: <T>(path: string, field: string, file: File) => {
    const form = new FormData();
    form.append(field, file);
    return request<T>('POST', path, { body: form });
  },
};

export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);
