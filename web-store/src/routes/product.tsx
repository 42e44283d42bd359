import {
  data,
  isRouteErrorResponse,
  useRouteError,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { createLogger } from '@shop/web-kit/logger';
import { isApiFailure } from '../api/client';
import { productQuery } from '../api/productQueries';
import { fetchProduct } from '../api/products';
import type { Product } from '../api/types';
import ProductDetailPage, { PRODUCT_MESSAGES, ProductNotFound } from '../pages/product/ProductDetailPage';
import { browserQueryClient } from '../queryClient';
import { notFoundMeta, productMeta } from '../seo/meta';
import { seoSiteOf } from '../seo/site';

export interface ProductLoaderData {
  /** The product as read for the page; null when it could not be read (the page asks again). */
  product: Product | null;
}

const logger = createLogger('product');

/**
 * The server reads the product through the gateway: its page, head and JSON-LD come with the HTML.
 * A product that does not exist, or was deleted, answers 404 with the not-found page.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<ProductLoaderData> {
  try {
    return { product: await fetchProduct(params.id ?? '') };
  } catch (error) {
    if (isApiFailure(error) && [400, 404].includes(error.status))
      throw data(PRODUCT_MESSAGES.notFound, { status: 404 });
    logger.warn('The product could not be read for the page', error);
    return { product: null };
  }
}

/**
 * In the browser the product comes from the cache, or is read into it, before the page shows; a
 * failure is left in the cache for the page to show, with Try again where asking again may help.
 */
export async function clientLoader({ params }: ClientLoaderFunctionArgs): Promise<ProductLoaderData> {
  try {
    return { product: await browserQueryClient().ensureQueryData(productQuery(params.id ?? '')) };
  } catch {
    return { product: null };
  }
}

export function meta({ data: loaded, error, matches }: MetaArgs<typeof loader>) {
  const site = seoSiteOf(matches);
  if (loaded?.product) return productMeta(site, loaded.product);
  return error ? notFoundMeta(site, PRODUCT_MESSAGES.notFoundTitle) : [{ title: `Product | ${site.name}` }];
}

/** What the server answers with its 404: the storefront's not-found page, inside its frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return <ProductNotFound missing={missing} onRetry={missing ? undefined : () => window.location.reload()} />;
}

export default ProductDetailPage;
