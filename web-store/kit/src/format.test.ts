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
