import { lockedUntil, minutesLeft } from './lockout';

const MINUTE = 60_000;
const rule = { maxFailures: 3, windowMs: 15 * MINUTE };
const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * MINUTE);

describe('lock-out window', () => {
  it('does not lock below the limit', () => {
    expect(lockedUntil([at(0), at(1)], rule)).toBeNull();
  });

  it('locks for the window from the failure that reaches the limit', () => {
    expect(lockedUntil([at(0), at(1), at(2)], rule)).toEqual(at(17));
  });

  it('does not lock when the failures are spread wider than the window', () => {
    expect(lockedUntil([at(0), at(10), at(20), at(30)], rule)).toBeNull();
  });

  it('counts only failures that fall within one window, whatever order they come in', () => {
    expect(lockedUntil([at(20), at(0), at(14), at(25)], rule)).toEqual(at(40));
  });

  it('reports the latest lock when failures reached the limit more than once', () => {
    expect(lockedUntil([at(0), at(1), at(2), at(40), at(41), at(42)], rule)).toEqual(at(57));
  });

  it('has ended once the window has passed', () => {
    const until = lockedUntil([at(0), at(1), at(2)], rule)!;
    expect(until > at(16)).toBe(true);
    expect(until > at(17)).toBe(false);
  });
});

describe('minutes left in the message', () => {
  it('rounds up to whole minutes', () => {
    expect(minutesLeft(at(15), new Date(at(0).getTime() + 1000))).toBe(15);
    expect(minutesLeft(at(15), at(1))).toBe(14);
  });

  it('never says 0 while the lock holds', () => {
    expect(minutesLeft(at(15), new Date(at(15).getTime() - 1000))).toBe(1);
  });
});
