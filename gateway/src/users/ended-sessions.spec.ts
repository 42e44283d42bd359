import { UnauthorizedException } from '@nestjs/common';
import type { RpcClient } from '@shop/kit';
import { EndedSession, EventEnvelope, EVENTS } from '@shop/proto';
import type { GatewayEvents } from '../back-office/gateway-events';
import { EndedSessions, SESSION_ENDED } from './ended-sessions';

const A = '0b7c6f4e-1d1a-4a57-9a59-5f0f1c3c2a01';
const B = '4d2f0e9a-7c1b-4e3f-8a6d-2b9c0d1e2f03';
const C = '9e8d7c6b-5a49-4382-b1a0-0f1e2d3c4b5a';
const HOUR = 3600_000;

/** The user service's answer to the snapshot, given when the test says so. */
function userService() {
  let answer: (sessions: EndedSession[]) => void = () => undefined;
  const rpc = { call: jest.fn(() => new Promise<EndedSession[]>((resolve) => (answer = resolve))) };
  return { rpc: rpc as unknown as RpcClient, answer: (sessions: EndedSession[]) => answer(sessions) };
}

const events = { subscribe: () => undefined } as unknown as GatewayEvents;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();
const endedEvent = (...ids: string[]): EventEnvelope => ({
  id: 'e1',
  type: EVENTS.userSessionsEnded,
  occurredAt: new Date().toISOString(),
  version: 1,
  data: { accountId: 'x', role: 'customer', sessions: ids.map((id) => ({ id, expiresAt: inAnHour() })), endedAt: new Date().toISOString() },
});
const settle = () => new Promise((r) => setImmediate(r));

describe('EndedSessions', () => {
  let sessions: EndedSessions;
  afterEach(() => {
    sessions.onApplicationShutdown();
    jest.useRealTimers();
  });

  it("refuses the tokens of a session it heard has ended, and only that session's", () => {
    sessions = new EndedSessions(events, userService().rpc);
    sessions.apply(endedEvent(A));
    expect(() => sessions.assertOpen({ sid: A })).toThrow(new UnauthorizedException(SESSION_ENDED));
    expect(sessions.assertOpen({ sid: B })).toBe(B);
  });

  it('refuses a token that names no session: one from before sessions, or a malformed one', () => {
    sessions = new EndedSessions(events, userService().rpc);
    expect(() => sessions.assertOpen({})).toThrow(new UnauthorizedException(SESSION_ENDED));
    expect(() => sessions.assertOpen({ sid: 'not-a-session' })).toThrow(UnauthorizedException);
    expect(() => sessions.assertOpen({ sid: 42 })).toThrow(UnauthorizedException);
  });

  it('keeps what it heard and what this replica ended while the snapshot is awaited, and adds the snapshot', async () => {
    const user = userService();
    sessions = new EndedSessions(events, user.rpc);
    sessions.resync();
    sessions.apply(endedEvent(A));
    sessions.ended([{ id: B, expiresAt: inAnHour() }]);
    user.answer([{ id: C, expiresAt: inAnHour() }]);
    await settle();
    for (const id of [A, B, C]) expect(() => sessions.assertOpen({ sid: id })).toThrow(UnauthorizedException);
  });

  it('forgets an ended session once its tokens have expired', () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    sessions = new EndedSessions(events, userService().rpc);
    sessions.ended([
      { id: A, expiresAt: '2026-03-01T10:05:00Z' },
      { id: B, expiresAt: '2026-03-01T12:00:00Z' },
    ]);
    jest.advanceTimersByTime(10 * 60_000);
    expect(sessions.size).toBe(1);
    expect(() => sessions.assertOpen({ sid: B })).toThrow(UnauthorizedException);
  });
});
