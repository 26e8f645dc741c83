/**
 * The routes of a real app, as the app registered them: a test subscribes to Fastify's `fastify.initialization`
 * diagnostics channel (published when an instance is created, before any plugin runs) and adds an onRoute hook, so a
 * route added tomorrow is walked by the tests without anyone listing it.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createHarness, type Harness } from './harness.js';

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With the prefix and Fastify's `:param` syntax, e.g. /api/deals/:id */
  url: string;
  schema: FastifySchema;
  /** Declares multipart/form-data (an upload). */
  multipart: boolean;
  /** The route's `config.access` (plugins/auth.ts RouteAccess): 'staff' back-office routes let moderators in too. */
  access?: string;
}

const WANTED = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A harness whose app's routes were recorded while it was built. */
export async function createHarnessWithRoutes(env: Record<string, string> = {}): Promise<{ h: Harness; routes: RouteEntry[] }> {
  const routes: RouteEntry[] = [];
  const record = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (!WANTED.has(method)) continue;
        const schema = (route.schema ?? {}) as FastifySchema & { consumes?: string[] };
        const access = (route.config as { access?: string } | undefined)?.access;
        routes.push({ method: method as RouteEntry['method'], url: route.url, schema, multipart: !!schema.consumes?.includes('multipart/form-data'), access });
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', record);
  try {
    const h = await createHarness(env);
    return { h, routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', record);
  }
}

/** The API's own routes (not the OpenAPI viewer's). */
export const apiRoutes = (routes: RouteEntry[]) => routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

/** The back office: everything under /api/admin, and the AI helpers of the admin edit form (SPEC §6). */
export const isAdminRoute = (r: RouteEntry) => r.url.startsWith('/api/admin/') || r.url === '/api/admin' || r.url.startsWith('/api/ai/');

/** Fills every `:param` of a route's URL. */
export const fillParams = (url: string, value: string | number) => url.replace(/:[A-Za-z_]+/g, String(value));
