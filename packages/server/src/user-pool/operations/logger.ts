/** The logging surface operations and services use (pino-compatible arguments order is hidden). */
export interface Logger {
  /** Detail for debugging. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Normal events. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something an operator should look at. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** A failure. */
  error(message: string, fields?: Record<string, unknown>): void;
}

interface PinoLike {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Adapts a pino/Fastify logger to Logger. */
export function fromPino(log: PinoLike): Logger {
  return {
    debug: (m, f) => log.debug(f ?? {}, m),
    info: (m, f) => log.info(f ?? {}, m),
    warn: (m, f) => log.warn(f ?? {}, m),
    error: (m, f) => log.error(f ?? {}, m),
  };
}

/** A logger writing one line per event to the console (the CLI). */
export function consoleLogger(minimum: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info'): Logger {
  const order = ['debug', 'info', 'warn', 'error', 'silent'];
  const on = (level: string): boolean => order.indexOf(level) >= order.indexOf(minimum);
  const line = (level: string, m: string, f?: Record<string, unknown>): void => {
    if (on(level)) console.error(`${level}: ${m}${f !== undefined && Object.keys(f).length > 0 ? ` ${JSON.stringify(f)}` : ''}`);
  };
  return {
    debug: (m, f) => line('debug', m, f),
    info: (m, f) => line('info', m, f),
    warn: (m, f) => line('warn', m, f),
    error: (m, f) => line('error', m, f),
  };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
