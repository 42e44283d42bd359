/**
 * The apps' one way to record something for developers. In a browser the console is the only sink;
 * on the server the same calls reach the process's stdout and stderr. Keeping every call here lets
 * a later change ship logs elsewhere.
 */
export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

function write(level: 'info' | 'warn' | 'error', scope: string, message: string, detail: unknown) {
  const line = `[${scope}] ${message}`;
  /* eslint-disable no-console -- the console is this logger's single sink */
  if (detail === undefined) console[level](line);
  else console[level](line, detail);
  /* eslint-enable no-console */
}

export function createLogger(scope: string): Logger {
  return {
    info: (message, detail) => write('info', scope, message, detail),
    warn: (message, detail) => write('warn', scope, message, detail),
    error: (message, detail) => write('error', scope, message, detail),
  };
}
