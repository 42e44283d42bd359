/** Products screen stock levels (back-office spec, section 4): 0 out, 1 to 10 low, above 10 in stock. */
export const LOW_STOCK_MAX = 10;

export type StockStatus = 'out' | 'low' | 'in';

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  out: 'Out of Stock',
  low: 'Low Stock',
  in: 'In Stock',
};

export function stockStatus(stock: number): StockStatus {
  if (stock <= 0) return 'out';
  if (stock <= LOW_STOCK_MAX) return 'low';
  return 'in';
}
