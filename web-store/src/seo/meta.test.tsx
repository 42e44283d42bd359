import { render, waitFor } from '@testing-library/react';
import { createRoutesStub, Meta, Outlet, type MetaDescriptor } from 'react-router';
import {
  homeMeta,
  legalMeta,
  notFoundMeta,
  privateMeta,
  productListMeta,
  productMeta,
  summary,
} from './meta';
import { seoSite, seoSiteOf, SHARE_CARD } from './site';
import { diary, jsonLdOf, jsonLdOfType, metaContent, ORIGIN, site } from './test-support/fixtures';

const titleOf = (meta: MetaDescriptor[]) => meta.find((d): d is { title: string } => 'title' in d)?.title;
const canonicalOf = (meta: MetaDescriptor[]) =>
  meta.find(
    (d): d is { tagName: 'link'; rel: string; href: string } => 'tagName' in d && d.rel === 'canonical',
  )?.href;

describe('a product page’s head', () => {
  const meta = productMeta(site, diary());

  it('names the product, its price and stock, and its picture, for search results and chat previews', () => {
    expect(titleOf(meta)).toBe('Leather Bound Personalised Diary | MS & Jaksh');
    expect(metaContent(meta, 'description')).toMatch(/^₹849\.5, in stock\. A5 diary in full-grain leather/);
    expect(canonicalOf(meta)).toBe(`${ORIGIN}/product/${diary()._id}`);
    expect(metaContent(meta, 'og:type')).toBe('product');
    expect(metaContent(meta, 'og:title')).toBe('Leather Bound Personalised Diary');
    expect(metaContent(meta, 'og:url')).toBe(`${ORIGIN}/product/${diary()._id}`);
    expect(metaContent(meta, 'og:image')).toBe(`${ORIGIN}/uploads/products/5f17e5b100d6831d-1200.webp`);
    expect(metaContent(meta, 'og:image:alt')).toBe('Leather Bound Personalised Diary');
    expect(metaContent(meta, 'og:site_name')).toBe('MS & Jaksh');
    expect(metaContent(meta, 'og:locale')).toBe('en_IN');
    expect(metaContent(meta, 'product:price:amount')).toBe('849.50');
    expect(metaContent(meta, 'product:price:currency')).toBe('INR');
    expect(metaContent(meta, 'product:availability')).toBe('in stock');
    expect(metaContent(meta, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(meta, 'twitter:image')).toBe(`${ORIGIN}/uploads/products/5f17e5b100d6831d-1200.webp`);
    expect(metaContent(meta, 'robots')).toBeUndefined();
  });

  it('keeps the description within what search results show, cut at a word', () => {
    const description = metaContent(meta, 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/\w…$/);
    expect(metaContent(meta, 'og:description')).toBe(description);
  });

  it('says an out-of-stock product is out of stock', () => {
    const sold = productMeta(site, diary({ stock: 0 }));
    expect(metaContent(sold, 'description')).toMatch(/^₹849\.5, out of stock\./);
    expect(metaContent(sold, 'product:availability')).toBe('out of stock');
  });

  it('is shared with the shop’s card when the product has no picture', () => {
    const bare = productMeta(site, diary({ images: [] }));
    expect(metaContent(bare, 'og:image')).toBe(`${ORIGIN}${SHARE_CARD.path}`);
    expect(metaContent(bare, 'og:image:width')).toBe('1200');
  });

  it('names the business as its owner set it in the settings, else the shop’s own name', () => {
    const renamed = productMeta(seoSite(ORIGIN, { businessName: 'Jaksh Creations Pvt Ltd' }), diary());
    expect(titleOf(renamed)).toBe('Leather Bound Personalised Diary | Jaksh Creations Pvt Ltd');
    expect(metaContent(renamed, 'og:site_name')).toBe('Jaksh Creations Pvt Ltd');
    expect(jsonLdOfType(renamed, 'Product')?.offers).toMatchObject({
      seller: { name: 'Jaksh Creations Pvt Ltd' },
    });
    expect(metaContent(productMeta(seoSite(ORIGIN, { businessName: '  ' }), diary()), 'og:site_name')).toBe(
      'MS & Jaksh',
    );
  });
});

describe('a list page’s head says what it lists', () => {
  const cards = [diary()];
  const list = (address: Parameters<typeof productListMeta>[1]) => productListMeta(site, address);

  it.each([
    [{}, 'All Products | MS & Jaksh', '/products'],
    [{ brand: 'jaksh' as const }, 'Jaksh products | MS & Jaksh', '/products/jaksh'],
    [{ category: 'Stationery' }, 'Stationery | MS & Jaksh', '/products?category=Stationery'],
    [
      { brand: 'jaksh' as const, category: 'Stationery' },
      'Stationery by Jaksh | MS & Jaksh',
      '/products/jaksh?category=Stationery',
    ],
    [{ brand: 'ms' as const, page: 3 }, 'MS products, page 3 | MS & Jaksh', '/products/ms?page=3'],
  ])('%o: “%s” at %s', (address, title, path) => {
    const meta = list({ ...address, products: cards, total: 80 });
    expect(titleOf(meta)).toBe(title);
    expect(canonicalOf(meta)).toBe(`${ORIGIN}${path}`);
    expect(metaContent(meta, 'robots')).toBeUndefined();
  });

  it('spells a category as the catalog does, so each category is one page', () => {
    const meta = list({ category: 'stationery ', products: cards, total: 1 });
    expect(titleOf(meta)).toBe('Stationery | MS & Jaksh');
    expect(canonicalOf(meta)).toBe(`${ORIGIN}/products?category=Stationery`);
    const other = list({ category: 'desk décor', products: [diary({ category: 'Desk Décor' })], total: 1 });
    expect(canonicalOf(other)).toBe(`${ORIGIN}/products?category=Desk+D%C3%A9cor`);
  });

  it('describes a brand, a category and the whole catalog in the shop’s words', () => {
    expect(metaContent(list({ brand: 'jaksh', products: cards, total: 9 }), 'description')).toMatch(
      /^Jaksh: Custom stationery and gifting\. Personalised diaries/,
    );
    expect(metaContent(list({ category: 'Labels', products: cards, total: 9 }), 'description')).toBe(
      'Product, barcode and packaging labels in any quantity.',
    );
    expect(metaContent(list({ products: cards, total: 9 }), 'description')).toBe(
      'Every product of MS & Jaksh: lanyards, labels, stickers, drinkware, stationery and gifts, made to order in India.',
    );
  });

  it('titles a search by its words, and keeps it out of search results while its links are followed', () => {
    const meta = list({ search: 'diary', products: cards, total: 1 });
    expect(titleOf(meta)).toBe('Search results for “diary” | MS & Jaksh');
    expect(metaContent(meta, 'description')).toBe('1 product matches “diary” at MS & Jaksh.');
    expect(canonicalOf(meta)).toBe(`${ORIGIN}/products?search=diary`);
    expect(metaContent(meta, 'robots')).toBe('noindex, follow');
    expect(jsonLdOf(meta)).toEqual([]);
    expect(
      titleOf(list({ search: 'diary', brand: 'jaksh', category: 'Stationery', products: cards, total: 1 })),
    ).toBe('Search results for “diary” in Stationery by Jaksh | MS & Jaksh');
  });

  it('keeps an empty list out of search results', () => {
    const meta = list({ category: 'Lanyards', products: [], total: 0 });
    expect(metaContent(meta, 'robots')).toBe('noindex, follow');
    expect(metaContent(meta, 'og:image')).toBe(`${ORIGIN}${SHARE_CARD.path}`);
  });

  it('is shared with its first product’s picture', () => {
    expect(metaContent(list({ products: cards, total: 1 }), 'og:image')).toBe(
      `${ORIGIN}/uploads/products/5f17e5b100d6831d-1200.webp`,
    );
  });
});

describe('the home page’s head', () => {
  const meta = homeMeta(site);

  it('names the shop and what it makes', () => {
    expect(titleOf(meta)).toBe('MS & Jaksh | Labels, merchandise and personalised gifts');
    expect(canonicalOf(meta)).toBe(`${ORIGIN}/`);
    expect(metaContent(meta, 'og:type')).toBe('website');
    expect(metaContent(meta, 'og:image')).toBe(`${ORIGIN}${SHARE_CARD.path}`);
  });

  it('describes the business, from its settings, and the site’s search', () => {
    expect(jsonLdOfType(meta, 'Organization')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'MS & Jaksh',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.svg`,
      email: 'hello@msjaksh.in',
      address: { '@type': 'PostalAddress', addressCountry: 'IN' },
      sameAs: expect.arrayContaining(['https://www.instagram.com/msjaksh']),
    });
    expect(jsonLdOfType(meta, 'WebSite')).toMatchObject({
      name: 'MS & Jaksh',
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/products?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('the other pages’ heads', () => {
  it('titles the legal pages and gives each its address', () => {
    const terms = legalMeta(site, 'terms');
    expect(titleOf(terms)).toBe('Terms & Conditions | MS & Jaksh');
    expect(canonicalOf(terms)).toBe(`${ORIGIN}/terms`);
    expect(titleOf(legalMeta(site, 'privacy'))).toBe('Privacy Policy | MS & Jaksh');
  });

  it('keeps a private page out of search results and names nothing to share', () => {
    const cart = privateMeta(site, 'Your cart');
    expect(cart).toEqual([{ title: 'Your cart | MS & Jaksh' }, { name: 'robots', content: 'noindex' }]);
  });

  it('keeps a missing page out of search results', () => {
    expect(notFoundMeta(site, 'Product Not Found')).toEqual([
      { title: 'Product Not Found | MS & Jaksh' },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});

describe('summary', () => {
  it('collapses spaces and leaves a short text whole', () => {
    expect(summary(' Kraft\n\n labels  ')).toBe('Kraft labels');
  });

  it('cuts a long text at a word', () => {
    expect(summary('one two three four', 12)).toBe('one two…');
  });
});

describe('a head as React Router renders it', () => {
  /** A product page route as the storefront's route modules call the helper: the site from the root loader. */
  function renderProductPage(product = diary()) {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({ seo: site }),
        HydrateFallback: () => null,
        Component: () => (
          <>
            <Meta />
            <Outlet />
          </>
        ),
        children: [
          {
            path: 'product/:id',
            loader: () => ({ product }),
            meta: ({ data, matches }) =>
              productMeta(seoSiteOf(matches), (data as { product: typeof product }).product),
            Component: () => <h1>{product.name}</h1>,
          },
        ],
      },
    ]);
    return render(<Stub initialEntries={[`/product/${product._id}`]} />);
  }

  it('takes the site from the root route’s loader', async () => {
    renderProductPage();
    // React hoists the title, meta and link tags into the document's head.
    await waitFor(() => expect(document.title).toBe('Leather Bound Personalised Diary | MS & Jaksh'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${ORIGIN}/product/${diary()._id}`,
    );
  });

  it('writes JSON-LD that product text can never close or comment out, and that reads back as it was', async () => {
    const hostile = diary({
      name: 'Diary </script><script>alert(1)</script>',
      description: 'Cover <!-- hidden --> and a line\u2028separator\u2029 & more',
    });
    const { container } = renderProductPage(hostile);
    await waitFor(() =>
      expect(container.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2),
    );
    const html = container.innerHTML;
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1],
    );
    expect(scripts).toHaveLength(2);
    for (const text of scripts) {
      expect(text).not.toMatch(/<\/script|<!--|<|>|\u2028|\u2029/i);
    }
    const product = JSON.parse(scripts.find((text) => text.includes('"@type":"Product"'))!);
    expect(product.name).toBe(hostile.name);
    expect(product.description).toBe(hostile.description);
  });
});
