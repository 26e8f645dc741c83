import type { FastifyRequest } from 'fastify';
import { ipHint } from '../../../shared/domain/members/account-security.js';
import { deviceName } from '../../../shared/domain/members/push.js';

/** What sessions and security events keep of a request: the browser and system, and a coarse part of the address. */
export interface RequestInfo {
  browser: string;
  ipHint: string;
}

export const requestInfo = (request: Pick<FastifyRequest, 'headers' | 'ip'>): RequestInfo => ({
  browser: deviceName(request.headers['user-agent']).slice(0, 80),
  ipHint: ipHint(request.ip).slice(0, 64),
});
