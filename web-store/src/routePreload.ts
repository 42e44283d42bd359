import type { QueryClient } from '@tanstack/react-query';
import { createElement, startTransition, useEffect, useState, type ComponentType } from 'react';
import { productListQuery, productQuery } from './api/productQueries';
import { firstScreenPlan } from './boot/firstScreen';
import { LoadingState } from '@shop/web-kit/QueryStates';

/**
 * A page whose code the boot preload starts, shown by a state update once that code is in rather
 * than by React.lazy: React holds the reveal of a suspended page until 300 ms after its fallback
 * showed, and a product whose data and picture were in at 300 ms painted at 600 (issue 24,
 * Lighthouse's trace). Until then `Fallback` shows; code that fails to load reaches the page's
 * error boundary as lazy's did.
 */
function preloadablePage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  Fallback: ComponentType,
) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  function Page(props: P) {
    const [page, setPage] = useState<{ Component?: ComponentType<P>; error?: unknown }>(() => ({
      Component: loaded,
    }));
    useEffect(() => {
      if (page.Component) return;
      let live = true;
      // A transition, so the page's first render yields to the browser every few milliseconds
      // instead of blocking it for the whole page (Lighthouse, mobile: total blocking time).
      preload().then(
        (module) => live && startTransition(() => setPage({ Component: module.default })),
        (error: unknown) => live && setPage({ error }),
      );
      return () => {
        live = false;
      };
    }, [page.Component]);
    if (page.error) throw page.error;
    return page.Component ? createElement(page.Component, props) : createElement(Fallback);
  }
  return Object.assign(Page, { preload });
}

// The catalog pages, shared by the routes (App.tsx) and the boot preload below.
export const ProductsPage = preloadablePage(() => import('./pages/products/ProductsPage'), LoadingState);
export const ProductDetailPage = preloadablePage(
  () => import('./pages/product/ProductDetailPage'),
  LoadingState,
);

/**
 * Starts the first page's code and its catalog request together as the app boots. Left to the
 * page, they ran one after the other (chunk, then request, then image), which kept mobile LCP of
 * /products and /product/:id over 2.5 s (bench/web-store) while home, with neither, was at 1.65 s.
 * The request is the one the first-screen script started (boot/firstScreen.ts), taken over by the
 * query; that script preloads the pictures too.
 */
export function preloadRoute(
  client: QueryClient,
  { pathname, search }: { pathname: string; search: string },
) {
  const plan = firstScreenPlan(pathname, search);
  if (plan?.page === 'product') {
    void ProductDetailPage.preload();
    void client.prefetchQuery(productQuery(plan.id));
  } else if (plan?.page === 'products') {
    void ProductsPage.preload();
    void client.prefetchInfiniteQuery(productListQuery(plan.query));
  }
}
