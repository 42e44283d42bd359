import { GUEST_CART_COOKIE, GUEST_CART_ID } from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config/gateway-config';
import { GuestCartCookie } from './guest-cart-cookie';

const cookieFor = (publicUrl: string) => new GuestCartCookie({ PUBLIC_URL: publicUrl } as GatewayConfig);
const request = (held?: string) =>
  ({ cookies: held === undefined ? {} : { [GUEST_CART_COOKIE]: held } }) as unknown as FastifyRequest;

function replyRecordingCookies() {
  const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const cleared: { name: string; options: Record<string, unknown> }[] = [];
  const reply = {
    setCookie: (name: string, value: string, options: Record<string, unknown>) => {
      set.push({ name, value, options });
      return reply;
    },
    clearCookie: (name: string, options: Record<string, unknown>) => {
      cleared.push({ name, options });
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, set, cleared };
}

describe('GuestCartCookie', () => {
  it("gives a visitor a new unguessable id in an httpOnly, SameSite=Lax cookie scoped to the cart's routes", () => {
    const cookie = cookieFor('http://localhost:8080');
    const { reply, set } = replyRecordingCookies();
    const first = cookie.issue(request(), reply);
    const second = cookie.issue(request(), reply);
    expect(first).toMatch(GUEST_CART_ID);
    expect(second).not.toBe(first);
    expect(set[0]).toEqual({
      name: GUEST_CART_COOKIE,
      value: first,
      options: { path: '/api/cart', httpOnly: true, sameSite: 'lax', secure: false, maxAge: 30 * 24 * 3600 },
    });
  });

  it('keeps the id the browser already holds, and marks the cookie Secure behind https', () => {
    const cookie = cookieFor('https://shop.example');
    const { reply, set } = replyRecordingCookies();
    const held = cookie.issue(request(), reply);
    expect(cookie.issue(request(held), reply)).toBe(held);
    expect(set.map((c) => c.options.secure)).toEqual([true, true]);
  });

  it('reads a malformed or missing cookie as no guest cart, so a made-up value names nobody', () => {
    const cookie = cookieFor('http://localhost:8080');
    expect(cookie.read(request())).toBeUndefined();
    expect(cookie.read(request('short'))).toBeUndefined();
    expect(cookie.read(request(`${'a'.repeat(42)}=`))).toBeUndefined();
    const { reply } = replyRecordingCookies();
    const issued = cookie.issue(request(), reply);
    expect(cookie.read(request(issued))).toBe(issued);
  });

  it('clears the cookie on the same path once the merge has moved its files', () => {
    const { reply, cleared } = replyRecordingCookies();
    cookieFor('http://localhost:8080').clear(reply);
    expect(cleared).toEqual([{ name: GUEST_CART_COOKIE, options: { path: '/api/cart' } }]);
  });
});
