import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Members' write limits, per signed-in user (per address for visitors, who are refused anyway). Generous for a person
 * using the site, tight for a script. Multiplied by RATE_LIMIT_FACTOR (tests and benchmarks raise it).
 */
export const WRITE_LIMITS = {
  vote: { max: 60, timeWindow: '1 minute' },
  comment: { max: 10, timeWindow: '1 minute' },
  commentDelete: { max: 60, timeWindow: '1 minute' },
  dealPost: { max: 10, timeWindow: '1 hour' },
  dealEdit: { max: 60, timeWindow: '1 hour' },
  upload: { max: 30, timeWindow: '1 hour' },
  save: { max: 120, timeWindow: '1 minute' },
  catalog: { max: 120, timeWindow: '1 minute' },
} as const;

export type WriteLimit = keyof typeof WRITE_LIMITS;

const callerKey = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);

/** Route `config` for one of the limits above. */
export function writeLimit(app: FastifyInstance, name: WriteLimit) {
  const l = WRITE_LIMITS[name];
  return {
    rateLimit: {
      max: Math.ceil(l.max * app.deps.config.rateLimitFactor),
      timeWindow: l.timeWindow,
      keyGenerator: callerKey,
      groupId: name,
    },
  };
}
