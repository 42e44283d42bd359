import { useEffect } from 'react';
import type { Logger } from '@shop/web-kit/logger';

/** Logs a query's failure once per failure; the screen shows its own message, if any. */
export function useLoggedError(logger: Logger, error: unknown, message: string): void {
  useEffect(() => {
    if (error) logger.error(message, error);
  }, [logger, error, message]);
}
