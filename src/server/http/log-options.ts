import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials or personal data (a sign-in link's token, a stream ticket, an address). */
const PRIVATE_PARAMS = new Set(['token', 'ticket', 'code', 'key', 'secret', 'signature', 'password', 'email']);

/** A request URL as it may be logged: private parameters' values are replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return PRIVATE_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The server's pino options (main.ts). The brief's rule: no secrets or raw addresses in logs. So the request line
 * carries the method, the URL with private parameters redacted and the host, but not the client's address or port
 * (Fastify's default serializer logs both); credentials in headers and bodies are redacted wherever they appear.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.currentPassword', '*.newPassword'],
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: loggableUrl(request.url), host: request.host }),
    },
  };
}
