import type {
  AdminProductListReply,
  AdminProductView,
  Brand,
  ProductCustomizationLink,
  ProductView,
} from '@shop/proto';
import { api } from './client';

export type AdminProduct = AdminProductView;

/** What the product form sends (back-office spec, section 7): money in rupees. */
export interface ProductPayload {
  name: string;
  brand: Brand;
  category: string;
  price: number;
  stock: number;
  description: string;
  images: string[];
  tags: string[];
  customizations: ProductCustomizationLink[];
  /** The product's own HSN code; null takes its category's. */
  hsnCode: string | null;
}

/** A deleted product posted again with its id comes back (the products screen's undo). */
export type RestorePayload = ProductPayload & { _id: string };

export const PRODUCTS_KEY = ['admin', 'products'] as const;

export async function listProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  const { data } = await api.get<AdminProductListReply>('/admin2009/products', { signal });
  return data.products;
}

/** The new product's id: the reply carries `_id` or `product._id`. */
export async function createProduct(payload: ProductPayload | RestorePayload): Promise<string> {
  const { data } = await api.post<{ _id?: string; product?: ProductView }>('/admin2009/products', payload);
  const id = data._id ?? data.product?._id;
  if (!id) throw new Error('The server did not return the product id');
  return id;
}

export async function updateProduct(id: string, payload: ProductPayload): Promise<void> {
  await api.patch(`/admin2009/products/${encodeURIComponent(id)}`, payload);
}

export async function deleteProduct(id: string): Promise<void> {
  await api.delete(`/admin2009/products/${encodeURIComponent(id)}`);
}

/** Re-posts a deleted product with everything the form would send, so the restore is complete. */
export function restorePayload(product: AdminProduct): RestorePayload {
  return {
    _id: product._id,
    name: product.name,
    brand: product.brand,
    category: product.category,
    price: product.price,
    // The list shows units a shopper can buy; the server keeps reserved units on top of what is posted.
    stock: product.stock,
    description: product.description,
    images: product.images,
    tags: product.tags,
    customizations: product.customizations,
    hsnCode: product.hsnCode,
  };
}
