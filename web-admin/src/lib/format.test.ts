import { displayOrderId, formatPrice, formatRevenue } from './format';

describe('revenue formatting', () => {
  it("shows 'X.XL' (lakhs, 1 decimal) at 100000 and above", () => {
    expect(formatRevenue(100000)).toBe('₹1.0L');
    expect(formatRevenue(254000)).toBe('₹2.5L');
    expect(formatRevenue(12345678)).toBe('₹123.5L');
  });

  it('shows plain rupees below 100000', () => {
    expect(formatRevenue(99999)).toBe('₹99,999');
    expect(formatRevenue(0)).toBe('₹0');
  });

  it('groups rupees the Indian way', () => {
    expect(formatPrice(1234567)).toBe('₹12,34,567');
  });
});

describe('price formatting', () => {
  it('shows whole rupees without decimals', () => {
    expect(formatPrice(1299)).toBe('₹1,299');
    expect(formatPrice(0)).toBe('₹0');
  });

  it('shows paise with two decimals, never one', () => {
    expect(formatPrice(1299.5)).toBe('₹1,299.50');
    expect(formatPrice(1234.56)).toBe('₹1,234.56');
  });

  it('shows an amount that rounds to whole rupees without decimals', () => {
    expect(formatPrice(1299.004)).toBe('₹1,299');
  });
});

describe('order id display', () => {
  it("is 'ORD-' plus the last 8 characters in uppercase", () => {
    expect(displayOrderId('3f1c2a9e-7b4d-4e21-9c3a-5d6e7f8a9b0c')).toBe('ORD-7F8A9B0C');
  });
});
