import { API_BASE, productImage, productListPath, productPath, type ProductQuery } from '../api/catalogPaths';
import { PICTURE_SIZES, preloadPicture } from '../lib/pictures';
import { paintFirstLook } from './firstLook';
import { isBrand, readFilters, toProductQuery, type Filters } from '../pages/products/filters';

/**
 * A page's first screen, started by a small script of its own (firstScreenScript.ts, built by
 * scripts/vite/first-screen-script.ts) before the app's script: a catalog page's request, its
 * pictures as soon as that answer is in, and its first look (firstLook.ts), painted from it. The
 * app's script and the page's code start after that. On a phone the app's script takes most of a
 * second to arrive and as long again to run; left to it, the request, the pictures and the first
 * paint waited for both (Lighthouse, mobile: the list's and the product page's largest paint).
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
 * A page's first screen: home's, drawn from the app's own words, or a catalog page's: the page
 * (its code, by name), what it asks the catalog for and the path of that request, and which
 * pictures of the answer it shows first.
 */
export type FirstScreenPlan =
  | { page: 'home' }
  | (({ page: 'product'; id: string } | { page: 'products'; filters: Filters; query: ProductQuery }) & {
      path: string;
      preloadPictures(reply: unknown): void;
    });

export function firstScreenPlan(pathname: string, search: string): FirstScreenPlan | undefined {
  if (pathname === '/') return { page: 'home' };
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
  const filters = readFilters(new URLSearchParams(search), brand);
  const query = toProductQuery(filters);
  return {
    page: 'products',
    filters,
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

/** The app's script and the modules it imports, from the build: the app starts when the first look is on screen. */
export interface BootFiles {
  /** The scripts and stylesheets of each catalog page, by page name. */
  pages?: Record<string, string[]>;
  /** The app's entry script, then the modules it imports. */
  app?: string[];
}

/**
 * Starts the page at `location`: paints its first look (firstLook.ts), then starts the app's
 * script and the page's code, so on a slow connection the shopper's picture does not share the
 * line with 130 KB of script. A catalog page's request goes out at once, its pictures follow the
 * answer, and the look is drawn from it; a page without a first look, an answer that failed or
 * one slower than FIRST_LOOK_WAIT_MS starts the app at once.
 */
export function startFirstScreen(
  location: { pathname: string; search: string },
  files: BootFiles = {},
): void {
  const plan = firstScreenPlan(location.pathname, location.search);
  if (!plan) {
    startApp(files.app);
    return;
  }
  if (plan.page === 'home') {
    void paintFirstLook({ page: 'home' }).finally(() => startApp(files.app));
    return;
  }
  const reply = fetch(`${API_BASE}${plan.path}`, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);
  (window as Handoff)[HANDOFF] = { path: plan.path, reply };
  const pageFiles = files.pages?.[plan.page] ?? [];
  // The page's stylesheets now: its first look is drawn in their classes.
  const styles = Promise.all(pageFiles.filter((href) => href.endsWith('.css')).map(startStylesheet));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startApp(files.app);
    for (const href of pageFiles)
      if (!href.endsWith('.css')) document.head.appendChild(link('modulepreload', href));
  };
  setTimeout(start, FIRST_LOOK_WAIT_MS);
  void reply
    .then(async (body) => {
      if (body === undefined || started) return;
      plan.preloadPictures(body);
      await styles;
      if (started) return;
      await paintFirstLook(
        plan.page === 'product'
          ? { page: 'product', reply: body }
          : { page: 'products', filters: plan.filters, reply: body, cards: FIRST_SCREEN_CARDS },
      );
    })
    .finally(start);
}

/** The longest the app's script waits for a first look: the catalog's answer and its pictures. */
export const FIRST_LOOK_WAIT_MS = 3_000;

function startApp([entry, ...imports]: string[] = []): void {
  if (!entry) return;
  for (const href of imports) document.head.appendChild(link('modulepreload', href));
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.appendChild(script);
}

function startStylesheet(href: string): Promise<void> {
  const sheet = link('stylesheet', href);
  const loaded = new Promise<void>((resolve) => {
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
  });
  document.head.appendChild(sheet);
  return loaded;
}

function link(rel: string, href: string): HTMLLinkElement {
  const node = document.createElement('link');
  node.rel = rel;
  node.href = href;
  node.crossOrigin = '';
  return node;
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
