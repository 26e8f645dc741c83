import type { FastifyBaseLogger } from 'fastify';

/**
 * Fastify gives every request a child of the app's logger (pino `child({ reqId })`). With the redaction paths main.ts
 * sets (`*.password`...), pino runs each binding through its redactor while it builds the child: about a microsecond
 * per request, a tenth of what a cached answer costs, spent even though at the usual LOG_LEVEL (warn) a request almost
 * never writes a line. This factory hands out a stand-in that makes the real child (exactly what Fastify would have
 * made) the first time a line at an enabled level is written, or anything else is asked of it: the lines written, and
 * their bindings, are the same.
 *
 * Only for a pino logger (buildApp's `logger` option); a route with its own log level or serializers gets its child
 * at once, as before.
 */
type PinoLike = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  bindings?(): Record<string, unknown>;
  setBindings?(bindings: Record<string, unknown>): void;
  flush?(cb?: (err?: Error) => void): void;
  msgPrefix?: string;
};
type Bindings = Record<string, unknown>;

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

class LazyRequestLogger {
  #real: PinoLike | undefined;

  // One method per level (fatal ... trace), each writing through #write; a static block may reach the private method.
  static {
    for (const level of LEVELS) {
      Object.defineProperty(LazyRequestLogger.prototype, level, {
        value(this: LazyRequestLogger, ...args: unknown[]) {
          this.#write(level, args);
        },
        writable: true,
        configurable: true,
      });
    }
  }

  constructor(
    private readonly parent: PinoLike,
    private readonly childBindings: Bindings,
  ) {}

  /** The real child logger, made once. */
  #child(): PinoLike {
    this.#real ??= this.parent.child(this.childBindings, {}) as PinoLike;
    return this.#real;
  }
  /** A line at `level` is written: by the real child when it exists or the level is enabled (a child inherits it). */
  #write(level: (typeof LEVELS)[number], args: unknown[]): void {
    if (this.#real === undefined && !this.parent.isLevelEnabled(level)) return;
    const real = this.#child();
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }

  silent() {}

  get level(): string {
    return (this.#real ?? this.parent).level;
  }
  set level(level: string) {
    this.#child().level = level;
  }
  get msgPrefix(): string | undefined {
    return (this.#real ?? this.parent).msgPrefix;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#real ?? this.parent).isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
  bindings(): Record<string, unknown> {
    return this.#child().bindings?.() ?? {};
  }
  setBindings(bindings: Bindings): void {
    this.#child().setBindings?.(bindings);
  }
  flush(cb?: (err?: Error) => void): void {
    const target = this.#real ?? this.parent;
    if (target.flush) target.flush(cb);
    else cb?.();
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made real only when used. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: object): FastifyBaseLogger {
  if (Object.keys(opts).length > 0 || typeof (logger as Partial<PinoLike>).isLevelEnabled !== 'function') return logger.child(bindings, opts);
  return new LazyRequestLogger(logger as PinoLike, bindings) as unknown as FastifyBaseLogger;
}
