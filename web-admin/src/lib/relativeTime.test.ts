import { relativeTime } from './relativeTime';

const now = new Date('2025-06-30T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('the relative-time rule', () => {
  it("says 'Just now' under 1 hour", () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59 * MIN), now)).toBe('Just now');
  });

  it("says 'N hours ago' under 24 hours", () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1 hours ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe('23 hours ago');
  });

  it("says 'N days ago' under 30 days", () => {
    expect(relativeTime(ago(DAY), now)).toBe('1 days ago');
    expect(relativeTime(ago(29 * DAY), now)).toBe('29 days ago');
  });

  it("says 'N months ago' under 12 months of 30 days", () => {
    expect(relativeTime(ago(30 * DAY), now)).toBe('1 months ago');
    expect(relativeTime(ago(359 * DAY), now)).toBe('11 months ago');
  });

  it("says 'N years ago' from 12 months of 30 days on", () => {
    expect(relativeTime(ago(360 * DAY), now)).toBe('1 years ago');
    expect(relativeTime(ago(800 * DAY), now)).toBe('2 years ago');
  });

  it('reads ISO date strings', () => {
    expect(relativeTime('2025-06-30T09:00:00Z', now)).toBe('3 hours ago');
  });
});
