import { afterFailedAttempt } from './mail-retry';

const DEFAULTS = { baseMs: 2000, maxMs: 60_000, maxAttempts: 12 };

describe('the mail retry schedule', () => {
  it('waits 2 s after the first failure, doubling to 60 s, and gives up after the 12th attempt', () => {
    const waits = Array.from({ length: 11 }, (_, i) => afterFailedAttempt(i + 1, DEFAULTS));
    expect(waits).toEqual(
      [2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60].map((seconds) => ({ retryInMs: seconds * 1000 })),
    );
    expect(afterFailedAttempt(12, DEFAULTS)).toBe('dead');
    expect(afterFailedAttempt(13, DEFAULTS)).toBe('dead');
  });

  it('keeps to the cap however many attempts a mail is allowed', () => {
    expect(afterFailedAttempt(500, { ...DEFAULTS, maxAttempts: 1000 })).toEqual({ retryInMs: 60_000 });
  });

  it('dead-letters at once a mail allowed a single attempt', () => {
    expect(afterFailedAttempt(1, { ...DEFAULTS, maxAttempts: 1 })).toBe('dead');
  });
});
