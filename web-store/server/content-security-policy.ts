/**
 * The Content-Security-Policy of the storefront's pages: the gateway's (gateway/src/web-apps/
 * content-security-policy.ts, which e2e/browser/content-security-policy.test.ts holds this to),
 * with the page's own nonce among the script sources. React Router writes its hydration data and
 * module loader as inline scripts; they run because they carry the nonce, and any other inline
 * script, one an attacker slipped into the page included, does not.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, 'https://checkout.razorpay.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
    'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
