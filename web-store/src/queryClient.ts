import { createQueryClient } from '@shop/web-kit/query';
import type { QueryClient } from '@tanstack/react-query';

let browserClient: QueryClient | undefined;

/**
 * The browser's one cache, shared by the app and the routes' client loaders. The server makes a
 * client per request instead (root.tsx): one shopper's answers never reach another's page.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
