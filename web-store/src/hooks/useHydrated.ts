import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's render and while the browser hydrates it, true from the render after: for
 * a control that does nothing until the page's scripts run (a file picked before then would be
 * lost), which is rendered disabled until they do.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
