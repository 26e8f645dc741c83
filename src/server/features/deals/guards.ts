import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.js';
import { requireUser } from '../../plugins/auth.js';

/**
 * Route onRequest hook: visitors are turned away before the body is validated, so a visitor always hears
 * "please log in" (SPEC §5 Access rules) rather than a complaint about the payload.
 */
export const signedIn = (message?: string) => async (request: FastifyRequest) => {
  if (request.user) return;
  if (message && !request.authFailed) throw unauthorized(message);
  requireUser(request);
};
