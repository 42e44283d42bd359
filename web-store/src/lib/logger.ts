/**
 * The app's one way to record something for developers. Browser consoles are the only sink a
 * shopper's browser has; keeping every call here lets a later change ship logs elsewhere.
 */
export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

function write(level: 'info' | 'warn' | 'error', scope: string, message: string, detail: unknown) {
  const line = `[${scope}] ${message}`;
  // eslint-disable-next-line no-console -- the browser console is this logger's sink
  if (detail === undefined) console[level](line);
  // eslint-disable-next-line no-console -- the browser console is this logger's sink
  else console[level](line, detail);
}

export function createLogger(scope: string): Logger {
  return {
    info: (message, detail) => write('info', scope, message, detail),
    warn: (message, detail) => write('warn', scope, message, detail),
    error: (message, detail) => write('error', scope, message, detail),
  };
}
