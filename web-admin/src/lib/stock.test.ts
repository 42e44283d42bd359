import { STOCK_STATUS_LABELS, stockStatus } from './stock';

describe('the stock status rule', () => {
  it("shows 'Out of Stock' at 0 units", () => {
    expect(STOCK_STATUS_LABELS[stockStatus(0)]).toBe('Out of Stock');
  });

  it("shows 'Low Stock' from 1 to 10 units", () => {
    expect(stockStatus(1)).toBe('low');
    expect(stockStatus(10)).toBe('low');
    expect(STOCK_STATUS_LABELS.low).toBe('Low Stock');
  });

  it("shows 'In Stock' above 10 units", () => {
    expect(stockStatus(11)).toBe('in');
    expect(STOCK_STATUS_LABELS.in).toBe('In Stock');
  });
});
