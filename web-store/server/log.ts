/**
 * The server's log: one JSON line per entry on stdout, in the shape the services write (pino's
 * levels and `msg`), so `npm start` and the cluster's collectors read it as theirs.
 */
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

const threshold = LEVELS[(process.env.LOG_LEVEL?.trim().toLowerCase() as Level) || 'info'] ?? LEVELS.info;

function write(level: Level, msg: string, detail?: Record<string, unknown>) {
  if (LEVELS[level] < threshold) return;
  const err =
    detail?.err instanceof Error ? { message: detail.err.message, stack: detail.err.stack } : undefined;
  process.stdout.write(
    `${JSON.stringify({ level: LEVELS[level], time: Date.now(), name: 'web-store', msg, ...detail, ...(err && { err }) })}\n`,
  );
}

export const log = {
  debug: (msg: string, detail?: Record<string, unknown>) => write('debug', msg, detail),
  info: (msg: string, detail?: Record<string, unknown>) => write('info', msg, detail),
  warn: (msg: string, detail?: Record<string, unknown>) => write('warn', msg, detail),
  error: (msg: string, detail?: Record<string, unknown>) => write('error', msg, detail),
};
