import { productImage } from '../api/catalogPaths';
import { HERO } from '../content/home';
import { BRAND_INFO, brandLabel, productListTitle } from '../content/shop';
import { filterChips, SORT_LABELS, type Filters } from '../pages/products/filters';
import { formatPrice } from '@shop/web-kit/format';
import { PICTURE_SIZES, pictureSources } from '../lib/pictures';

/**
 * A page's first look, painted by the first-screen script (firstScreen.ts) before the app's script
 * has arrived: home's opening words, the product's picture, name and price, or the list's first
 * cards, drawn in the page's own classes and sizes over the app's root until the app's page shows
 * (useFirstLookEnd). On a phone the app's 130 KB take a second to arrive and as long again to
 * run; the shopper sees what they came for before that, as a server-rendered page would show it.
 *
 * It holds no working links or controls, as nothing can be used before the app is there, and is
 * hidden from assistive technology, which reads the app's page.
 */

export const FIRST_LOOK_ID = 'first-look';

/** How long a first look waits for its pictures before it lets the app's script start anyway. */
export const FIRST_LOOK_PICTURE_WAIT_MS = 2_500;

export type FirstLook =
  | { page: 'home' }
  | { page: 'product'; reply: unknown }
  | { page: 'products'; filters: Filters; reply: unknown; cards: number };

interface ProductFields {
  name?: unknown;
  brand?: unknown;
  price?: unknown;
  images?: unknown;
}

/**
 * Paints `look` over the page and resolves once its pictures have loaded (or failed, or waited
 * FIRST_LOOK_PICTURE_WAIT_MS) and the browser has drawn it.
 */
export function paintFirstLook(look: FirstLook): Promise<void> {
  // A look comes before the app, never over it (in development both load at once).
  if (document.getElementById('root')?.hasChildNodes()) return Promise.resolve();
  const layer = element('div', { id: FIRST_LOOK_ID, 'aria-hidden': 'true', inert: '' });
  layer.append(header(), content(look));
  document.body.insertBefore(layer, document.body.firstChild);
  const pictures = [...layer.querySelectorAll('img')].map(loaded);
  return Promise.race([
    Promise.all(pictures),
    new Promise((resolve) => setTimeout(resolve, FIRST_LOOK_PICTURE_WAIT_MS)),
  ]).then(nextPaint);
}

/** Takes the first look away: the app's page is on screen, or it showed something else. */
export function dismissFirstLook(): void {
  document.getElementById(FIRST_LOOK_ID)?.remove();
}

function content(look: FirstLook): HTMLElement {
  if (look.page === 'home') {
    const hero = element('section', { class: 'hero' });
    const inner = hero.appendChild(element('div', { class: 'container' }));
    inner.append(text('h1', HERO.title), text('p', HERO.lead, 'hero-lead'));
    const showcase = inner.appendChild(element('div', { class: 'brand-showcase' }));
    for (const brand of BRAND_INFO) {
      const card = showcase.appendChild(element('article', { class: `brand-card brand-${brand.slug}` }));
      card.append(
        text('h2', brand.label),
        text('p', brand.tagline, 'brand-tagline'),
        text('p', brand.description),
      );
      card
        .appendChild(element('ul', {}))
        .append(...brand.highlights.map((highlight) => text('li', highlight)));
      card.append(text('a', `Shop ${brand.label}`, 'btn btn-primary'));
    }
    return hero;
  }
  if (look.page === 'product') {
    const reply = look.reply as { product?: ProductFields } | undefined;
    const product = reply?.product ?? {};
    const page = element('div', { class: 'container product-page' });
    const trail = page.appendChild(element('nav', { class: 'breadcrumb' })).appendChild(element('ol', {}));
    for (const step of ['Home', 'Products', brandLabel(String(product.brand ?? ''))])
      trail.append(text('li', step));
    const current = trail.appendChild(text('li', String(product.name ?? '')));
    current.setAttribute('aria-current', 'page');
    const main = page.appendChild(element('div', { class: 'product-main' }));
    const gallery = main.appendChild(element('div', { class: 'gallery' }));
    const frame = gallery.appendChild(element('div', { class: 'gallery-main' }));
    const image = productImage(product);
    if (image) frame.append(picture(image, PICTURE_SIZES.gallery, 600, { avif: false }));
    const info = main.appendChild(element('div', { class: 'product-info' }));
    info.append(
      text('p', brandLabel(String(product.brand ?? '')), 'product-brand'),
      text('h1', String(product.name ?? '')),
    );
    if (typeof product.price === 'number') {
      info
        .appendChild(element('div', { class: 'detail-price' }))
        .append(text('span', formatPrice(product.price), 'price'));
    }
    return page;
  }
  const { filters } = look;
  const reply = (look.reply ?? {}) as { products?: unknown; total?: unknown };
  const products = Array.isArray(reply.products) ? (reply.products as ProductFields[]) : [];
  const page = element('div', { class: 'container products-page' });
  const head = page.appendChild(element('div', { class: 'products-head' }));
  head.append(text('h1', productListTitle(filters.brand)));
  const pills = head.appendChild(element('nav', { class: 'brand-pills' }));
  for (const { slug, label } of [{ slug: undefined, label: 'All' }, ...BRAND_INFO]) {
    const pill = pills.appendChild(text('a', label));
    if (slug === filters.brand) pill.setAttribute('aria-current', 'page');
  }
  const toolbar = page.appendChild(element('div', { class: 'products-toolbar' }));
  toolbar
    .appendChild(element('div', { class: 'field field-inline search-field' }))
    .append(
      element('input', { type: 'search', placeholder: 'Search in products...', value: filters.search }),
    );
  const chips = filterChips(filters);
  const filtersLabel = chips.length > 0 ? `Filters (${chips.length})` : 'Filters';
  toolbar.append(text('button', filtersLabel, 'btn btn-secondary filter-toggle'));
  const sort = toolbar.appendChild(element('div', { class: 'field field-inline' }));
  sort.append(text('label', 'Sort by'));
  sort.appendChild(element('select', {})).append(text('option', SORT_LABELS[filters.sort]));
  const layout = page.appendChild(element('div', { class: 'products-layout' }));
  layout.append(element('aside', { class: 'filter-panel' }));
  const results = layout.appendChild(element('section', { class: 'products-results' }));
  if (chips.length > 0) {
    const list = results.appendChild(element('ul', { class: 'chips' }));
    for (const chip of chips)
      list.appendChild(element('li', {})).append(text('button', `${chip.label} ×`, 'chip'));
    list.appendChild(element('li', {})).append(text('button', 'Clear all', 'btn-link'));
  }
  if (products.length > 0) {
    const total = typeof reply.total === 'number' ? reply.total : 0;
    results.append(
      text(
        'p',
        `Showing ${products.length} of ${Math.max(total, products.length)} products`,
        'results-count',
      ),
    );
  }
  const grid = results.appendChild(element('div', { class: 'product-grid' }));
  for (const card of products.slice(0, look.cards)) {
    const article = grid.appendChild(element('article', { class: 'product-card' }));
    const media = article.appendChild(element('div', { class: 'product-media' }));
    const image = productImage(card);
    if (image) media.append(picture(image, PICTURE_SIZES.listCard, 320));
    const body = article.appendChild(element('div', { class: 'product-body' }));
    body.append(
      text('p', brandLabel(String(card.brand ?? '')), 'product-brand'),
      text('h3', String(card.name ?? ''), 'product-name'),
    );
    if (typeof card.price === 'number') {
      body
        .appendChild(element('p', { class: 'product-price' }))
        .append(text('span', formatPrice(card.price), 'price'));
    }
  }
  return page;
}

/**
 * The header's outline (components/Header.tsx): its logo, search field, menu button and links,
 * none of them working yet (links without an address).
 */
function header(): HTMLElement {
  const bar = element('div', { class: 'site-header' });
  const inner = bar.appendChild(element('div', { class: 'container header-inner' }));
  const logo = inner.appendChild(element('span', { class: 'logo' }));
  const name = element('span', {});
  name.append('MS ', text('span', '&', 'logo-amp'), ' Jaksh');
  logo.append(element('img', { src: '/logo.svg', alt: '', width: '36', height: '36' }), name);
  const search = inner.appendChild(element('div', { class: 'search' }));
  search.append(
    element('input', { type: 'search', placeholder: 'Search products...', readonly: '', tabindex: '-1' }),
  );
  inner.append(element('span', { class: 'menu-toggle' }));
  const nav = inner.appendChild(element('nav', { class: 'site-nav' }));
  for (const item of ['All Products', 'Wishlist', 'Cart', 'Sign In']) nav.append(text('a', item));
  return bar;
}

/** A product picture offered as the app's ProductImage offers it, so the same file serves both. */
function picture(url: string, sizes: string, side: number, options?: { avif: boolean }): HTMLElement {
  const { src, srcSet, avifSrcSet } = pictureSources(url, sizes, options);
  const img = element('img', { alt: '', width: String(side), height: String(side), fetchpriority: 'high' });
  if (srcSet) img.setAttribute('srcset', srcSet);
  if (srcSet) img.setAttribute('sizes', sizes);
  img.setAttribute('src', src);
  if (!avifSrcSet) return img;
  const frame = element('picture', {});
  frame.append(element('source', { type: 'image/avif', srcset: avifSrcSet, sizes }), img);
  return frame;
}

function loaded(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Resolves once the browser has painted what is on the page now. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function element(tag: string, attributes: Record<string, string>): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function text(tag: string, content: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = content;
  return node;
}
