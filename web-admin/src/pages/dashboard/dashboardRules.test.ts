import { aDashboard, anOrder, aPreviousMonth } from '../../test/fixtures';
import {
  categorySlices,
  growthText,
  isLowStat,
  metricCards,
  recentCustomer,
  topProductName,
  trendBars,
} from './dashboardRules';

describe('the dashboard rules', () => {
  it('compares each card with the figures of the previous month by the growth rule', () => {
    const cards = metricCards(aDashboard(), aPreviousMonth({ totalCustomers: 0 }));
    expect(cards.map((c) => [c.label, c.value, c.growth])).toEqual([
      ['Total Revenue', 250000, 25],
      ['Orders', 120, 20],
      ['Products', 48, 0],
      ['Customers', 75, 0],
    ]);
    expect(cards[0].money).toBe(true);
  });

  it('writes growth with its sign', () => {
    expect(growthText(12.5)).toBe('+12.5%');
    expect(growthText(-3)).toBe('-3%');
    expect(growthText(0)).toBe('0%');
  });

  it('labels trend bars by month, or by day of the month', () => {
    expect(trendBars(aDashboard().revenueTrend)[0]).toEqual({ label: 'Jan', revenue: 1000, orders: 1 });
    expect(
      trendBars({
        year: 2025,
        month: 2,
        years: [2025],
        points: [{ day: 14, date: '2025-02-14', revenue: 700, orders: 2 }],
      }),
    ).toEqual([{ label: '14', revenue: 700, orders: 2 }]);
  });

  it('colours category slices from 7 colours, the 8th starting again', () => {
    const slices = categorySlices(
      Array.from({ length: 8 }, (_, i) => ({ name: `C${i}`, value: 12, quantity: 1, color: '' })),
    );
    expect(slices[0].fill).toBe('#3B82F6');
    expect(slices[6].fill).toBe('#14B8A6');
    expect(slices[7].fill).toBe(slices[0].fill);
  });

  it("names a recent order's customer by username, or 'Guest User'", () => {
    expect(recentCustomer(anOrder())).toBe('asha');
    expect(recentCustomer(anOrder({ user: null as never }))).toBe('Guest User');
  });

  it("names an unknown top product 'Unknown Product'", () => {
    expect(topProductName('')).toBe('Unknown Product');
    expect(topProductName(null)).toBe('Unknown Product');
    expect(topProductName('Photo Mug')).toBe('Photo Mug');
  });

  it('treats a quick stat below 20 as low', () => {
    expect(isLowStat(19.9)).toBe(true);
    expect(isLowStat(20)).toBe(false);
  });
});
