import { QueryClient } from '@tanstack/react-query';
import type { ApiFailure } from './api/client';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiFailure;
  }
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The request client already alerts on server errors; screens offer Try again instead of retrying.
      // Requests go out even when the browser says it is offline, so the shopper is told so and the
      // screen shows what failed (otherwise TanStack Query holds them, and a list stays a skeleton
      // until the connection returns); what failed is asked again once it does (which 'always'
      // would otherwise turn off).
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        networkMode: 'always',
        refetchOnReconnect: true,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one cache, shared by the app and the routes' client loaders. The server makes a
 * client per request instead (root.tsx): one shopper's answers never reach another's page.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
