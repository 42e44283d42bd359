import { categoryShares, dayPoints, displayOrderId, monthPoints } from './dashboard-figures';

describe('dashboard figures', () => {
  it('shares categories by items sold, largest first, rounded, colours cycling through seven', () => {
    const rows = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((category, i) => ({ category, quantity: 8 - i }));
    const shares = categoryShares(rows);
    expect(shares.map((s) => s.value)).toEqual([22, 19, 17, 14, 11, 8, 6, 3]);
    expect(shares[0].color).toBe(shares[7].color);
    expect(new Set(shares.slice(0, 7).map((s) => s.color)).size).toBe(7);
  });

  it('leaves out categories with nothing sold and breaks ties by name', () => {
    expect(categoryShares([{ category: 'Labels', quantity: 1 }, { category: 'Drinkware', quantity: 1 }, { category: 'Gifts', quantity: 0 }]).map((s) => s.name)).toEqual([
      'Drinkware',
      'Labels',
    ]);
  });

  it('fills every month and every day, empty ones at zero, in rupees', () => {
    const months = monthPoints([{ bucket: 3, revenuePaise: 12_345, orders: 2 }]);
    expect(months).toHaveLength(12);
    expect(months[2]).toEqual({ month: 'Mar', monthNumber: 3, revenue: 123.45, orders: 2 });
    expect(months[0]).toEqual({ month: 'Jan', monthNumber: 1, revenue: 0, orders: 0 });
    const days = dayPoints({ year: 2024, month: 2 }, [{ bucket: 29, revenuePaise: 100, orders: 1 }]);
    expect(days).toHaveLength(29);
    expect(days[28]).toEqual({ day: 29, date: '2024-02-29', revenue: 1, orders: 1 });
  });

  it("shows an order as 'ORD-' and the last 8 characters of its id, upper-case", () => {
    expect(displayOrderId('3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b')).toBe('ORD-4E5F6A7B');
  });
});
