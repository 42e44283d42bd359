import { cityLabel, customersPagerText, displayName, initials, latestOrders } from './customerRules';

const order = (id: string, createdAt: string) => ({
  _id: id,
  displayId: id,
  totalAmount: 1,
  orderStatus: 'Pending' as const,
  paymentStatus: 'pending' as const,
  createdAt,
  items: [],
});

describe('the customer rules', () => {
  it('names a customer by full name, else username', () => {
    expect(displayName({ name: 'Asha Rao', username: 'asha' })).toBe('Asha Rao');
    expect(displayName({ name: null, username: 'asha' })).toBe('asha');
    expect(displayName({ name: '  ', username: 'asha' })).toBe('asha');
  });

  it('makes avatar initials from up to two words', () => {
    expect(initials({ name: 'Asha Rao', username: 'asha' })).toBe('AR');
    expect(initials({ name: 'Asha Devi Rao', username: 'asha' })).toBe('AD');
    expect(initials({ name: null, username: 'ravi.kumar' })).toBe('RK');
    expect(initials({ name: null, username: 'ravi' })).toBe('R');
  });

  it("says 'Not specified' without a city", () => {
    expect(cityLabel('')).toBe('Not specified');
    expect(cityLabel(null)).toBe('Not specified');
    expect(cityLabel('Pune')).toBe('Pune');
  });

  it('keeps the 5 latest orders, newest first', () => {
    const orders = ['03', '09', '01', '12', '07', '05'].map((d) => order(d, `2025-05-${d}T00:00:00Z`));
    expect(latestOrders(orders).map((o) => o._id)).toEqual(['12', '09', '07', '05', '03']);
  });

  it('writes the pager text', () => {
    expect(customersPagerText(2, 3, 45)).toBe('Page 2 of 3 (45 customers)');
  });
});
