import type { RpcClient } from '@shop/kit';
import { RPC, SESSION_TOUCH_MAX, SessionUse } from '@shop/proto';
import { SessionActivity } from './session-activity';

const A = '0b7c6f4e-1d1a-4a57-9a59-5f0f1c3c2a01';
const B = '4d2f0e9a-7c1b-4e3f-8a6d-2b9c0d1e2f03';

function userService() {
  const reports: SessionUse[][] = [];
  const rpc = {
    call: jest.fn(async (pattern: string, data: { sessions: SessionUse[] }) => {
      expect(pattern).toBe(RPC.user.sessionTouch);
      reports.push(data.sessions);
      return { touched: data.sessions.length };
    }),
  };
  return { rpc: rpc as unknown as RpcClient, reports };
}

describe('SessionActivity', () => {
  let activity: SessionActivity;
  afterEach(() => {
    activity.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('reports each session once per period, at the time it was last used', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const user = userService();
    activity = new SessionActivity(user.rpc, { SESSION_USE_REPORT_SECONDS: 60 });
    activity.used(A);
    jest.setSystemTime(new Date('2026-03-01T10:00:20Z'));
    activity.used(B);
    activity.used(A);
    expect(user.reports).toEqual([]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(user.reports).toEqual([
      [
        { id: A, at: '2026-03-01T10:00:20.000Z' },
        { id: B, at: '2026-03-01T10:00:20.000Z' },
      ],
    ]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(user.reports).toHaveLength(1);
  });

  it('reports a full batch at once rather than holding more', () => {
    const user = userService();
    activity = new SessionActivity(user.rpc, { SESSION_USE_REPORT_SECONDS: 3600 });
    for (let i = 0; i < SESSION_TOUCH_MAX; i++) activity.used(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(user.reports).toHaveLength(1);
    expect(user.reports[0]).toHaveLength(SESSION_TOUCH_MAX);
  });

  it('drops a report the user service did not take, and reports the next use', async () => {
    const failing = { call: jest.fn().mockRejectedValueOnce(new Error('user service away')).mockResolvedValue({}) };
    activity = new SessionActivity(failing as unknown as RpcClient, { SESSION_USE_REPORT_SECONDS: 3600 });
    activity.used(A);
    await activity.report();
    activity.used(B);
    await activity.report();
    expect(failing.call).toHaveBeenCalledTimes(2);
    expect(failing.call.mock.calls[1][1]).toEqual({ sessions: [{ id: B, at: expect.any(String) }] });
  });
});
