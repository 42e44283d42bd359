import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { FIRST_SCREEN_CARDS, productListQuery, productQuery } from './api/productQueries';
import { productImage } from './api/products';
import { PICTURE_SIZES, preloadPicture } from './lib/pictures';
import { isBrand, readFilters, toProductQuery } from './pages/products/filters';

// The catalog pages' code, shared by the routes (App.tsx) and the boot preload below.
export const loadProductsPage = () => import('./pages/products/ProductsPage');
export const loadProductDetailPage = () => import('./pages/product/ProductDetailPage');

/**
 * Starts the first page's code and its catalog request together as the app boots. Left to the
 * page, they ran one after the other (chunk, then request, then image), which kept mobile LCP of
 * /products and /product/:id over 2.5 s (bench/web-store) while home, with neither, was at 1.65 s.
 */
export function preloadRoute(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  const id = matchPath('/product/:id', pathname)?.params.id;
  if (id) {
    void loadProductDetailPage();
    const query = productQuery(id);
    void client
      .prefetchQuery(query)
      .then(() => preloadPictures([client.getQueryData(query.queryKey)], PICTURE_SIZES.gallery, { avif: false }));
    return;
  }
  const list = matchPath('/products', pathname) ?? matchPath('/products/:brand', pathname);
  if (!list) return;
  const { brand } = list.params;
  // An unknown brand sends the shopper home, so its list is never asked for.
  if (brand !== undefined && !isBrand(brand)) return;
  void loadProductsPage();
  const query = productListQuery(toProductQuery(readFilters(new URLSearchParams(search), brand)));
  void client
    .prefetchInfiniteQuery(query)
    .then(() =>
      preloadPictures(
        client.getQueryData(query.queryKey)?.pages[0]?.products.slice(0, FIRST_SCREEN_CARDS),
        PICTURE_SIZES.listCard,
      ),
    );
}

/**
 * The first screen's pictures start as soon as the data is in, not once the page has rendered
 * it (~150 ms later on a throttled phone).
 */
function preloadPictures(
  products: ({ images?: unknown } | undefined)[] | undefined,
  sizes: string,
  options?: { avif: boolean },
) {
  for (const product of products ?? []) {
    const url = product && productImage(product);
    if (url) preloadPicture(url, sizes, options);
  }
}
