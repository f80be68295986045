import type { FastifyBaseLogger, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Method = Exclude<LogLevel, 'silent'>;
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/** Whether `logger` writes lines of `level` (a logger without `isLevelEnabled` is asked to write). */
function writes(logger: FastifyBaseLogger, level: Method): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check === undefined || check.call(logger, level);
}

/**
 * A request's logger that becomes a real child (with the request's bindings: its id) only when a
 * line at an enabled level is written. Building a pino child costs the serialization and the
 * redaction of its bindings, on every request, while at the default level no request line is
 * written at all. What is written is the same line the eager child would have written.
 */
class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #write(level: Method, args: LogArguments): void {
    if (this.#child !== undefined || writes(this.parent, level))
      (this.#logger()[level] as (...args: LogArguments) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args);
  }

  error(...args: LogArguments): void {
    this.#write('error', args);
  }

  warn(...args: LogArguments): void {
    this.#write('warn', args);
  }

  info(...args: LogArguments): void {
    this.#write('info', args);
  }

  debug(...args: LogArguments): void {
    this.#write('debug', args);
  }

  trace(...args: LogArguments): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify `childLoggerFactory`: defers each request's child logger until it writes (see
 * `DeferredChildLogger`). A route with its own log level or serializers gets its child at once.
 */
export function deferredRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new DeferredChildLogger(logger, bindings, options);
}
