import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config/gateway-config';
import { GOOGLE_STATE_COOKIE, GoogleSignInState } from './google-sign-in-state';

const stateFor = (publicUrl: string) => new GoogleSignInState({ PUBLIC_URL: publicUrl } as GatewayConfig);

function replyRecordingCookies() {
  const cookies: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const reply = {
    setCookie: (name: string, value: string, options: Record<string, unknown>) => {
      cookies.push({ name, value, options });
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, cookies };
}

const verify = (state: GoogleSignInState, cookie: string | undefined, returned: unknown) =>
  new Promise<{ ok: boolean; info?: { message: string } }>((resolve) =>
    state.verify(
      { cookies: cookie === undefined ? {} : { [GOOGLE_STATE_COOKIE]: cookie } } as unknown as FastifyRequest,
      returned,
      {},
      (_err, ok, info) => resolve({ ok, info }),
    ),
  );

describe('GoogleSignInState', () => {
  it('issues a fresh random state and keeps it in an httpOnly, SameSite=Lax cookie scoped to the sign-in routes', () => {
    const state = stateFor('http://localhost:8080');
    const { reply, cookies } = replyRecordingCookies();
    const first = state.issue(reply);
    const second = state.issue(reply);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);
    expect(cookies[0]).toEqual({
      name: GOOGLE_STATE_COOKIE,
      value: first,
      options: { path: '/api/auth/google', httpOnly: true, sameSite: 'lax', secure: false, maxAge: 600 },
    });
  });

  it('marks the cookie Secure when the shop is served over https', () => {
    const { reply, cookies } = replyRecordingCookies();
    stateFor('https://shop.msjaksh.in').issue(reply);
    expect(cookies[0].options.secure).toBe(true);
  });

  it("accepts Google's return only with the state this browser's cookie holds", async () => {
    const state = stateFor('http://localhost:8080');
    expect((await verify(state, 'abc123', 'abc123')).ok).toBe(true);
    expect((await verify(state, 'abc123', 'abc124')).ok).toBe(false);
    expect((await verify(state, 'abc123', 'abc1234')).ok).toBe(false);
    expect((await verify(state, undefined, 'abc123')).ok).toBe(false);
    expect((await verify(state, 'abc123', undefined)).ok).toBe(false);
    expect((await verify(state, 'abc123', ['abc123'])).ok).toBe(false);
  });
});
