import { UnauthorizedException } from '@nestjs/common';
import type { RpcClient } from '@shop/kit';
import { AccountTokenVersion, EventEnvelope, EVENTS, TokenClaims } from '@shop/proto';
import type { GatewayEvents } from '../back-office/gateway-events';
import { SESSION_ENDED, SessionVersions } from './session-versions';

const A = '0b7c6f4e-1d1a-4a57-9a59-5f0f1c3c2a01';
const B = '4d2f0e9a-7c1b-4e3f-8a6d-2b9c0d1e2f03';

/** The user service's answer to the snapshot, given when the test says so. */
function userService() {
  let answer: (accounts: AccountTokenVersion[]) => void = () => undefined;
  const rpc = {
    call: jest.fn(() => new Promise<AccountTokenVersion[]>((resolve) => (answer = resolve))),
  };
  return { rpc: rpc as unknown as RpcClient, answer: (accounts: AccountTokenVersion[]) => answer(accounts) };
}

const events = { subscribe: () => undefined } as unknown as GatewayEvents;
const customer = (sub: string, ver?: number): TokenClaims => ({ sub, role: 'customer', ...(ver === undefined ? {} : { ver }) });
const revokedEvent = (accountId: string, tokenVersion: number): EventEnvelope => ({
  id: 'e1',
  type: EVENTS.userSessionsRevoked,
  occurredAt: new Date().toISOString(),
  version: 1,
  data: { accountId, role: 'customer', tokenVersion, revokedAt: new Date().toISOString() },
});
const settle = () => new Promise((r) => setImmediate(r));

describe('SessionVersions', () => {
  let sessions: SessionVersions;
  afterEach(() => sessions.onApplicationShutdown());

  it('refuses a token signed before the version it heard of, and only for that account and role', () => {
    sessions = new SessionVersions(events, userService().rpc);
    sessions.apply(revokedEvent(A, 2));
    expect(() => sessions.assertCurrent('customer', customer(A, 1))).toThrow(new UnauthorizedException(SESSION_ENDED));
    expect(() => sessions.assertCurrent('customer', customer(A))).toThrow(UnauthorizedException);
    expect(() => sessions.assertCurrent('customer', customer(A, 2))).not.toThrow();
    expect(() => sessions.assertCurrent('admin', { sub: A, role: 'admin', ver: 0 })).not.toThrow();
    expect(() => sessions.assertCurrent('customer', customer(B, 0))).not.toThrow();
  });

  it('keeps a revocation heard while the snapshot is awaited, and drops what the snapshot no longer lists', async () => {
    const user = userService();
    sessions = new SessionVersions(events, user.rpc);
    sessions.revoked('customer', B, 1);
    sessions.resync();
    sessions.apply(revokedEvent(A, 3));
    user.answer([{ role: 'customer', accountId: A, tokenVersion: 2 }]);
    await settle();
    expect(() => sessions.assertCurrent('customer', customer(A, 2))).toThrow(UnauthorizedException);
    expect(() => sessions.assertCurrent('customer', customer(A, 3))).not.toThrow();
    // B's revocation is older than any live token, so the user service no longer lists it.
    expect(() => sessions.assertCurrent('customer', customer(B, 0))).not.toThrow();
  });
});
