/**
 * The Content-Security-Policy of the shop's pages: one source for the gateway (the back office, the
 * API docs, and the storefront's pages in a one-URL run), the storefront's server and, through
 * e2e/browser/content-security-policy.test.ts, deploy/nginx's copies.
 *
 * Scripts come only from the shop's own origin and Razorpay's Checkout (live mode); an inline script
 * runs only with the nonce the storefront's server gives each page (React Router's hydration data and
 * module loader). Styles may be inline: the dialogs' scroll lock (Radix) and the payment sandbox's
 * dialog insert <style> elements at run time, and React sets style attributes.
 */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const APP_CSP_DIRECTIVES: CspDirectives = {
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
export const DOCS_CSP_DIRECTIVES: CspDirectives = {
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

/**
 * The header's value. A page's own inline scripts are allowed by a nonce (a page rendered for one
 * response) or by their SHA-256 hashes (a page kept and sent again, where a nonce would repeat);
 * either joins the script sources right after the shop's origin.
 */
export function contentSecurityPolicy(
  directives: CspDirectives,
  { nonce, hashes = [] }: { nonce?: string; hashes?: readonly string[] } = {},
): string {
  const inline = [...(nonce ? [`'nonce-${nonce}'`] : []), ...hashes.map((hash) => `'sha256-${hash}'`)];
  return Object.entries(directives)
    .map(([name, sources]) => {
      const all = name === 'script-src' ? [sources[0], ...inline, ...sources.slice(1)] : sources;
      return `${name} ${all.join(' ')}`;
    })
    .join('; ');
}
