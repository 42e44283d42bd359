import { APP_CSP_DIRECTIVES, contentSecurityPolicy } from '@shop/proto';

/**
 * The Content-Security-Policy of the storefront's pages: the gateway's (@shop/proto), with the
 * page's own nonce among the script sources. React Router writes its hydration data and module
 * loader as inline scripts; they run because they carry the nonce, and any other inline script,
 * one an attacker slipped into the page included, does not.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return contentSecurityPolicy(APP_CSP_DIRECTIVES, { nonce });
}
