import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors.js';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** The path of the first string (or key) holding a NUL character, or undefined. Our payloads are shallow: deeper is not searched. */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || 'body' : undefined;
  if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')].join('.');
    const found = findNulCharacter(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Text holding a NUL character (U+0000) is refused with 400, in the body, the query and the path alike. No field of the
 * API has a use for it, and PostgreSQL cannot store it in a text column (it would fail the insert: a 500), so both
 * databases give the same, explicit answer. Runs before validation, after the caller's access was checked.
 */
export function registerTextInputRules(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulCharacter(part);
      if (field !== undefined) throw badRequest('Text must not contain NUL characters', field);
    }
  });
}
