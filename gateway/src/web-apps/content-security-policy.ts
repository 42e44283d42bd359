import { APP_CSP_DIRECTIVES, contentSecurityPolicy, DOCS_CSP_DIRECTIVES } from '@shop/proto';

/**
 * The policies the gateway sends (their directives live in @shop/proto, shared with the
 * storefront's server); deploy/nginx/web-*.conf repeat them, and
 * e2e/browser/content-security-policy.test.ts checks they agree.
 */
export const APP_CONTENT_SECURITY_POLICY = contentSecurityPolicy(APP_CSP_DIRECTIVES);
export const DOCS_CONTENT_SECURITY_POLICY = contentSecurityPolicy(DOCS_CSP_DIRECTIVES);

/** The API docs page and its files, which get DOCS_CONTENT_SECURITY_POLICY. */
export const isDocsPath = (url: string): boolean => /^\/api\/docs(?:[/?#-]|$)/.test(url);
