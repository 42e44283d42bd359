/**
 * The Content-Security-Policy of the storefront and the back office, as the gateway sends it and as
 * deploy/nginx/web-*.conf repeat it (e2e/browser/content-security-policy.test.ts checks they agree).
 * Scripts come only from the shop's own origin and Razorpay's Checkout (live mode); no inline
 * script runs. Styles may be inline: the dialogs' scroll lock (Radix) and the payment sandbox's
 * dialog insert <style> elements at run time, and React sets style attributes.
 */
const APP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://checkout.razorpay.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Product pictures may be links to other sites; profile pictures come from Google.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  // Razorpay's Checkout opens its payment window in a frame.
  'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Swagger UI's page carries its own <style> blocks and data: icons; its scripts are files. */
const DOCS_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

const serialize = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

export const APP_CONTENT_SECURITY_POLICY = serialize(APP_DIRECTIVES);
export const DOCS_CONTENT_SECURITY_POLICY = serialize(DOCS_DIRECTIVES);

/** The API docs page and its files, which get DOCS_CONTENT_SECURITY_POLICY. */
export const isDocsPath = (url: string): boolean => /^\/api\/docs(?:[/?#-]|$)/.test(url);
