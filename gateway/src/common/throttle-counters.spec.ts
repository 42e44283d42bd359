import { ThrottleCounters } from './throttle-counters';

const MINUTE = 60_000;

describe('ThrottleCounters', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const spend = async (counters: ThrottleCounters, times: number, key = 'default:1.2.3.4') => {
    const records = [];
    for (let i = 0; i < times; i++) records.push(await counters.increment(key, MINUTE, 3, MINUTE, 'default'));
    return records;
  };

  it('counts a client up to the limit, then refuses it with the seconds left', async () => {
    const counters = new ThrottleCounters();
    const records = await spend(counters, 4);
    expect(records.map((r) => r.isBlocked)).toEqual([false, false, false, true]);
    expect(records[2]).toMatchObject({ totalHits: 3, timeToExpire: 60 });
    expect(records[3]).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
  });

  it('keeps each client and each budget apart', async () => {
    const counters = new ThrottleCounters();
    await spend(counters, 3);
    expect((await spend(counters, 1, 'default:5.6.7.8'))[0].isBlocked).toBe(false);
    expect((await counters.increment('default:1.2.3.4', MINUTE, 3, MINUTE, 'sign-in')).isBlocked).toBe(false);
  });

  it('refuses a blocked client for the whole block, then counts it afresh', async () => {
    const counters = new ThrottleCounters();
    await spend(counters, 4);
    jest.advanceTimersByTime(MINUTE - 1000);
    expect((await spend(counters, 1))[0]).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    jest.advanceTimersByTime(1000);
    expect((await spend(counters, 3)).map((r) => r.isBlocked)).toEqual([false, false, false]);
  });

  it('starts a new window once the last one has ended', async () => {
    const counters = new ThrottleCounters();
    await spend(counters, 3);
    jest.advanceTimersByTime(MINUTE);
    expect((await spend(counters, 1))[0]).toMatchObject({ isBlocked: false, totalHits: 1 });
  });
});
