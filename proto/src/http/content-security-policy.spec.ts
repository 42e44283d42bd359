import { APP_CSP_DIRECTIVES, contentSecurityPolicy } from './content-security-policy';

describe("the shop's Content-Security-Policy", () => {
  it('lets scripts come only from the shop itself and Razorpay Checkout, and no inline script run', () => {
    const policy = contentSecurityPolicy(APP_CSP_DIRECTIVES);
    expect(policy).toContain("script-src 'self' https://checkout.razorpay.com;");
    expect(policy).not.toContain("'unsafe-inline' https://checkout");
    expect(policy).toContain("object-src 'none'");
  });

  it("adds a page's nonce to the script sources alone, right after the shop's origin", () => {
    const policy = contentSecurityPolicy(APP_CSP_DIRECTIVES, { nonce: 'n0nce' });
    expect(policy).toContain("script-src 'self' 'nonce-n0nce' https://checkout.razorpay.com;");
    expect(policy.match(/nonce-/g)).toHaveLength(1);
    expect(policy.replace(" 'nonce-n0nce'", '')).toBe(contentSecurityPolicy(APP_CSP_DIRECTIVES));
  });

  it("adds a kept page's script hashes to the script sources alone, in place of a nonce", () => {
    const policy = contentSecurityPolicy(APP_CSP_DIRECTIVES, { hashes: ['aGFzaDE=', 'aGFzaDI='] });
    expect(policy).toContain(
      "script-src 'self' 'sha256-aGFzaDE=' 'sha256-aGFzaDI=' https://checkout.razorpay.com;",
    );
    expect(policy).not.toContain('nonce-');
    expect(policy.match(/sha256-/g)).toHaveLength(2);
  });
});
