import { alreadyAnnounced, failureMessage } from '../api/client';

/**
 * Tells the shopper that an action failed: the server's own text, else the screen's default
 * (spec, section 8). Failures the request client has already alerted about are not repeated.
 */
export function alertFailure(error: unknown, fallback: string): void {
  if (alreadyAnnounced(error)) return;
  window.alert(failureMessage(error, fallback));
}
