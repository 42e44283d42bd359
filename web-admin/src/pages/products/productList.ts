import type { AdminProduct } from '../../api/products';
import { stockStatus, type StockStatus } from '../../lib/stock';

export type StockFilter = 'all' | StockStatus;

export const STOCK_FILTERS: { value: StockFilter; label: string }[] = [
  { value: 'all', label: 'All Stock Levels' },
  { value: 'in', label: 'In Stock' },
  { value: 'low', label: 'Low Stock' },
  { value: 'out', label: 'Out of Stock' },
];

export const BRAND_LABELS: Record<AdminProduct['brand'], string> = { ms: 'MS', jaksh: 'Jaksh' };

export const DESCRIPTION_PREVIEW_LENGTH = 50;

export interface ProductSummary {
  total: number;
  ms: number;
  jaksh: number;
  lowStock: number;
  outOfStock: number;
}

/** The products screen's summary cards, by the screen's own stock rule. */
export function summarize(products: AdminProduct[]): ProductSummary {
  const summary: ProductSummary = { total: products.length, ms: 0, jaksh: 0, lowStock: 0, outOfStock: 0 };
  for (const product of products) {
    if (product.brand === 'ms') summary.ms += 1;
    if (product.brand === 'jaksh') summary.jaksh += 1;
    const status = stockStatus(product.stock);
    if (status === 'low') summary.lowStock += 1;
    if (status === 'out') summary.outOfStock += 1;
  }
  return summary;
}

/** Search over name, description and category (case-insensitive), then the stock-level filter. */
export function filterProducts(products: AdminProduct[], search: string, stock: StockFilter): AdminProduct[] {
  const needle = search.trim().toLowerCase();
  return products.filter((product) => {
    if (stock !== 'all' && stockStatus(product.stock) !== stock) return false;
    if (!needle) return true;
    return [product.name, product.description, product.category].some((text) =>
      (text ?? '').toLowerCase().includes(needle),
    );
  });
}

export function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : description;
}

/** Categories already in use, for the form's "choose existing" list. */
export function existingCategories(products: AdminProduct[]): string[] {
  return [...new Set(products.map((p) => p.category).filter((c) => c && c.trim()))].sort((a, b) =>
    a.localeCompare(b),
  );
}
