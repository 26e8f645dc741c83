import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { DealEvents } from './features/deals/index.js';
import type { Mailer } from './services/mail.js';
import type { TokenService } from './services/tokens.js';

/** What routes reach through `app.deps`: built once in main.ts (or by a test) and passed to buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Subscribers of deal changes (the lifecycle's domain events). */
  events: DealEvents;
  mailer: Mailer;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
