import { formatAmount, formatDate, formatPrice } from './format';

describe('prices', () => {
  it('shows whole rupees without decimals, grouped the Indian way', () => {
    expect(formatPrice(1299)).toBe('₹1,299');
    expect(formatPrice(1234567)).toBe('₹12,34,567');
    expect(formatPrice(0)).toBe('₹0');
  });

  it('shows paise only when there are some, at most two digits', () => {
    expect(formatPrice(849.5)).toBe('₹849.5');
    expect(formatPrice(1234.567)).toBe('₹1,234.57');
  });
});

describe("prices as Intl's en-IN currency format writes them, without Intl", () => {
  const intl = (min: number) =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: min,
      maximumFractionDigits: 2,
    });
  const edges = [
    0, -0, 0.5, 0.004, 0.005, 0.015, 0.125, 0.285, 1.005, 1.115, 9.995, 99.999, 999, 1000, 99999.5, 100000,
    1234567.891, 99999999.99, 123456789012.34, 999999999999999, -1, -849.5, -1234567.005, NaN, Infinity,
    -Infinity, 1e15, 1e21, Number.MAX_SAFE_INTEGER,
  ];
  // A spread of prices and amounts with paise, from a fixed sequence (no Math.random in tests).
  const spread = Array.from({ length: 2000 }, (_, i) => ((i * 7919) % 100003) * (i % 7 === 0 ? 1 : 0.01) * (i % 3 ? 1 : 13.7));

  it('writes every price as Intl does', () => {
    for (const value of [...edges, ...spread]) expect([value, formatPrice(value)]).toEqual([value, intl(0).format(value)]);
  });

  it('writes every amount as Intl does', () => {
    for (const value of [...edges, ...spread]) expect([value, formatAmount(value)]).toEqual([value, intl(2).format(value)]);
  });
});

describe('amounts', () => {
  it('always shows two decimals', () => {
    expect(formatAmount(1299)).toBe('₹1,299.00');
    expect(formatAmount(3200.5)).toBe('₹3,200.50');
  });
});

describe('dates', () => {
  it('reads as day, short month and year', () => {
    expect(formatDate('2025-06-10T09:30:00.000Z')).toBe('10 Jun 2025');
    expect(formatDate(new Date(2024, 10, 2))).toBe('2 Nov 2024');
  });
});
