import { API_BASE, productImage, productListPath, productPath, type ProductQuery } from '../api/catalogPaths';
import { PICTURE_SIZES, preloadPicture } from '../lib/pictures';
import { isBrand, readFilters, toProductQuery } from '../pages/products/filters';

/**
 * The first screen of a catalog page, started by a small script of its own (firstScreenScript.ts,
 * built by scripts/vite/first-screen-script.ts) while the app's script is still on its way: the
 * page's catalog request, its pictures as soon as that answer is in, and the page's code. On a
 * phone the app's script takes most of a second to arrive and as long again to run; left to it,
 * the request and the pictures waited for both (Lighthouse, mobile: the list's and the product
 * page's largest paint).
 *
 * The app takes the answer instead of asking again (takeFirstScreenReply), once, for the same
 * path; an answer that failed is asked for again by the app, which shows failures its own way.
 */

/** The product list's first cards, on screen at once: their pictures load eagerly and first. */
export const FIRST_SCREEN_CARDS = 4;

/** Where the first-screen script leaves its request for the app. */
const HANDOFF = '__shopFirstScreen';

interface FirstScreenRequest {
  path: string;
  reply: Promise<unknown>;
}

type Handoff = { [HANDOFF]?: FirstScreenRequest };

/**
 * A catalog page's first screen: the page (its code, by name), what it asks the catalog for and
 * the path of that request, and which pictures of the answer it shows first.
 */
export type FirstScreenPlan = (
  { page: 'product'; id: string } | { page: 'products'; query: ProductQuery }
) & { path: string; preloadPictures(reply: unknown): void };

/** The first screen of a page at this address, or undefined for a page that has none to start. */
export function firstScreenPlan(pathname: string, search: string): FirstScreenPlan | undefined {
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product) {
    const id = safeDecode(product[1]);
    if (id === undefined) return undefined;
    return {
      page: 'product',
      id,
      path: productPath(id),
      preloadPictures: (reply) => {
        const image = productImage(productOf(reply));
        if (image) preloadPicture(image, PICTURE_SIZES.gallery, { avif: false });
      },
    };
  }
  const list = /^\/products(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!list) return undefined;
  const brand = list[1] === undefined ? undefined : safeDecode(list[1]);
  // An unknown brand sends the shopper home, so its list is never asked for.
  if (list[1] !== undefined && !isBrand(brand)) return undefined;
  const query = toProductQuery(readFilters(new URLSearchParams(search), brand));
  return {
    page: 'products',
    query,
    path: productListPath(query, { page: 1 }),
    preloadPictures: (reply) => {
      const products = (reply as { products?: unknown } | undefined)?.products;
      if (!Array.isArray(products)) return;
      for (const card of products.slice(0, FIRST_SCREEN_CARDS)) {
        const image = card && typeof card === 'object' ? productImage(card) : undefined;
        if (image) preloadPicture(image, PICTURE_SIZES.listCard);
      }
    },
  };
}

/**
 * Starts the first screen of the page at `location`: its request, its pictures once the answer is
 * in, and the scripts and stylesheets of its page (`pageFiles`, by page name, from the build).
 */
export function startFirstScreen(
  location: { pathname: string; search: string },
  pageFiles: Record<string, string[]> = {},
): void {
  const plan = firstScreenPlan(location.pathname, location.search);
  if (!plan) return;
  const reply = fetch(`${API_BASE}${plan.path}`, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);
  (window as Handoff)[HANDOFF] = { path: plan.path, reply };
  void reply.then((body) => body !== undefined && plan.preloadPictures(body));
  for (const href of pageFiles[plan.page] ?? []) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * The first-screen script's answer for `path`, taken once: undefined when it asked for another
 * path (or nothing), and a promise of undefined when its request failed, so the caller asks itself.
 */
export function takeFirstScreenReply<T>(path: string): Promise<T | undefined> | undefined {
  const started = (window as Handoff)[HANDOFF];
  if (!started || started.path !== path) return undefined;
  delete (window as Handoff)[HANDOFF];
  return started.reply as Promise<T | undefined>;
}

function productOf(reply: unknown): { images?: unknown } {
  const body = (reply ?? {}) as { product?: { images?: unknown }; images?: unknown };
  return body.product ?? body;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
