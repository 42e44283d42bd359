import { addDays, addMonths, daysFrom, istDay, monthsFrom } from './ist-calendar';
import { previousWindow, resolvePeriod } from './report-period';

// 20:00 UTC on 30 June is already 1 July in India.
const now = new Date('2025-06-30T20:00:00Z');

describe('report periods', () => {
  it('counts days in IST: the last 7 days end today, India time', () => {
    expect(istDay(now)).toBe('2025-07-01');
    const w = resolvePeriod('7d', {}, now);
    expect(w).toMatchObject({ fromDay: '2025-06-25', toDay: '2025-07-01', days: 7, bucket: 'day' });
    expect(w.from.toISOString()).toBe('2025-06-24T18:30:00.000Z');
    expect(w.to.toISOString()).toBe('2025-07-01T18:30:00.000Z');
  });

  it('covers 30 and 90 days day by day', () => {
    expect(resolvePeriod('30d', {}, now)).toMatchObject({ fromDay: '2025-06-02', days: 30, bucket: 'day' });
    expect(resolvePeriod('90d', {}, now)).toMatchObject({ fromDay: '2025-04-03', days: 90, bucket: 'day' });
  });

  it('covers 6 months and a year month by month, from the day after the same date then', () => {
    expect(resolvePeriod('6m', {}, now)).toMatchObject({ fromDay: '2025-01-02', toDay: '2025-07-01', bucket: 'month' });
    expect(resolvePeriod('1y', {}, now)).toMatchObject({ fromDay: '2024-07-02', toDay: '2025-07-01', days: 365, bucket: 'month' });
  });

  it('takes a custom range of whole days', () => {
    expect(resolvePeriod('custom', { from: '2025-02-01', to: '2025-02-28' }, now)).toMatchObject({ days: 28, bucket: 'day' });
  });

  it('compares with the window of the same length just before', () => {
    expect(previousWindow(resolvePeriod('30d', {}, now))).toMatchObject({ fromDay: '2025-05-03', toDay: '2025-06-01', days: 30 });
  });

  it('moves by months to the last day of a shorter month', () => {
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2025-01-15', -12)).toBe('2024-01-15');
  });

  it('walks a range by day number, so it ends even at the last four-digit day', () => {
    expect(daysFrom('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
    expect(daysFrom('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(monthsFrom({ year: 9999, month: 11 }, { year: 9999, month: 12 })).toHaveLength(2);
  });

  it('never builds a window longer than a custom period may be', () => {
    expect(() => resolvePeriod('custom', { from: '2000-01-01', to: '2099-12-31' }, now)).toThrow(RangeError);
  });
});
