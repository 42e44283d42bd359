const CLOSE_TIMEOUT_MS = 3000;

/**
 * Closes a broker resource on shutdown without letting a half-open connection (the broker just
 * restarted, say) hold the process: after a few seconds the process exits and the broker cleans up.
 */
export async function closeQuietly(close: (() => Promise<unknown>) | undefined): Promise<void> {
  if (!close) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    close().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
}
