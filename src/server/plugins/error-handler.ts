import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../db/overload.js';
import { HttpError } from '../http/errors.js';
import { registerErrorReplies } from './error-replies.js';
import { registerTextInputRules } from './input-text.js';

/**
 * Every failure leaves as `{ success: false, error }` with the right status. Validation errors name the field and
 * carry the spec's message; unexpected errors are logged and answered with a generic 500 text (no internals leak).
 * Input the database could not hold (NUL characters) is refused as the client's mistake before it gets that far.
 * Every route declares the error replies it can give (./error-replies.ts), so call this before any route is added.
 */
export const BUSY_MESSAGE = 'The site is very busy right now. Please try again in a moment.';
const BUSY_RETRY_AFTER_S = 2;

export function registerErrorHandling(app: FastifyInstance) {
  registerTextInputRules(app);
  registerErrorReplies(app);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ success: false, error: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const p = issue.params as { issue?: { path?: PropertyKey[] } };
        const field = (p.issue?.path ?? []).map(String).join('.') || issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (field && !fields[field]) fields[field] = issue.message ?? 'Invalid value';
      }
      const [first] = err.validation;
      const field = Object.keys(fields)[0];
      return reply.status(400).send({
        success: false,
        error: (field ? fields[field] : first?.message) ?? 'Invalid request',
        field,
        fields,
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, error: err.message || 'Too many requests. Please try again later.' });
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ success: false, error: 'File too large' });
    }
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ success: false, error: 'Unsupported content type' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, error: err.message || 'Bad request' });
    }
    // An overload, not a fault (db/overload.ts): the work was not done, so the client is told to try again.
    if (isDatabaseBusy(err)) {
      request.log.warn({ err }, 'database too busy');
      return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_S)).send({ success: false, error: BUSY_MESSAGE });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' });
  });
}
