import {
  redirect,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { createLogger } from '@shop/web-kit/logger';
import { fetchProductPage } from '../api/products';
import type { ProductPage } from '../api/types';
import ProductsPage from '../pages/products/ProductsPage';
import { isBrand, listPageNumber, readFilters, toProductQuery } from '../pages/products/filters';
import { productListMeta } from '../seo/meta';
import { seoSiteOf } from '../seo/site';

export interface ProductsLoaderData {
  /** The page of the list the address names, as the server read it; null in the browser. */
  list: ProductPage | null;
}

const logger = createLogger('products');

/** `/products/<brand>` of a brand the shop does not have goes to home (spec, section 2). */
function checkBrand(brand: string | undefined) {
  if (brand !== undefined && !isBrand(brand)) throw redirect('/');
}

/** The server reads the list's page through the gateway, so the HTML holds its cards and links. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<ProductsLoaderData> {
  checkBrand(params.brand);
  const { searchParams } = new URL(request.url);
  const query = toProductQuery(readFilters(searchParams, params.brand));
  try {
    return { list: await fetchProductPage(query, { page: listPageNumber(searchParams) }) };
  } catch (error) {
    // The page still renders, with skeleton cards; the browser asks for the list again.
    logger.warn('The list could not be read for the page', error);
    return { list: null };
  }
}

/**
 * In the browser the page asks for its list itself (its query, from the cache when it has it):
 * the new page shows at once, with skeleton cards while the answer is on the way.
 */
export function clientLoader({ params }: ClientLoaderFunctionArgs): ProductsLoaderData {
  checkBrand(params.brand);
  return { list: null };
}

/** A list's head says what it lists (brand, category, search) and which of its pages this is. */
export function meta({ data, matches, params, location }: MetaArgs<typeof loader>) {
  const search = new URLSearchParams(location.search);
  const filters = readFilters(search, params.brand);
  return productListMeta(seoSiteOf(matches), {
    brand: filters.brand,
    category: filters.category,
    search: filters.search,
    page: listPageNumber(search),
    products: data?.list?.products ?? [],
    total: data?.list?.total ?? 0,
  });
}

export default ProductsPage;
