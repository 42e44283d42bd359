import { QueryClient } from '@tanstack/react-query';
import type { ApiFailure } from './request';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiFailure;
  }
}

/**
 * Both apps' TanStack Query defaults. The request client already alerts on server errors, so a
 * failed query is not retried: screens offer Try again instead. Requests go out even when the
 * browser says it is offline, so the person is told so and the screen shows what failed (otherwise
 * TanStack Query holds them, and a screen keeps loading until the connection returns); what failed
 * is asked again once it does (which 'always' would otherwise turn off).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
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
