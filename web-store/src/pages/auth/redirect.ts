import type { Location } from 'react-router';

/**
 * Where to go after signing in: the page that sent the shopper to login (navigation state
 * `from`), else home. Only same-app paths are followed, never the sign-in pages themselves.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> | string } | null)?.from;
  const path =
    typeof from === 'string'
      ? from
      : from?.pathname
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : '';
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  if (/^\/(login|register|forgot-password|reset-password|auth\/google)/.test(path)) return '/';
  return path;
}
