import type { Product, WithContext } from 'schema-dts';
import { productMeta, productListMeta } from './meta';
import { seoSite } from './site';
import { diary, jsonLdOfType, ORIGIN, site } from './test-support/fixtures';
import { breadcrumbRichResult, itemListRichResult, productRichResult } from './test-support/rich-results';

/**
 * The product page's JSON-LD against Google's Product rich-result requirements (Product snippets
 * and merchant listings, breadcrumbs), read as a crawler reads it from the page's head.
 */

/** Recommended properties the shop has no data for: GTINs, a structured return policy, reviews in the head. */
const KNOWN_GAPS = ['offers.hasMerchantReturnPolicy is recommended', 'review is recommended'];

const productOf = (meta: ReturnType<typeof productMeta>) => jsonLdOfType(meta, 'Product')!;

describe('a product page’s JSON-LD meets Google’s Product rich-result requirements', () => {
  it('with reviews and in stock: no errors, and only the gaps the shop has no data for', () => {
    const product = productOf(productMeta(site, diary()));
    expect(productRichResult(product)).toEqual({ errors: [], warnings: KNOWN_GAPS });
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Leather Bound Personalised Diary',
      description: expect.stringMatching(/^A5 diary in full-grain leather/),
      sku: 'JK-STA-007',
      productID: diary()._id,
      brand: { '@type': 'Brand', name: 'Jaksh' },
      url: `${ORIGIN}/product/${diary()._id}`,
      offers: {
        '@type': 'Offer',
        price: 849.5,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: `${ORIGIN}/product/${diary()._id}`,
        seller: { '@type': 'Organization', name: 'MS & Jaksh' },
      },
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.33,
        reviewCount: 3,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it('without reviews: no AggregateRating (Google refuses a rating of nothing), still a valid offer', () => {
    const product = productOf(
      productMeta(site, diary({ rating: 0, averageRating: 0, reviewCount: 0, totalReviews: 0 })),
    );
    expect(product).not.toHaveProperty('aggregateRating');
    const report = productRichResult(product);
    expect(report.errors).toEqual([]);
    expect([...report.warnings].sort()).toEqual([...KNOWN_GAPS, 'aggregateRating is recommended'].sort());
  });

  it('out of stock: the offer says OutOfStock, and the result stays valid', () => {
    const product = productOf(productMeta(site, diary({ stock: 0 })));
    expect(product.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(productRichResult(product).errors).toEqual([]);
  });

  it('with a single unit left: still InStock, a term Google reads as buyable', () => {
    const product = productOf(productMeta(site, diary({ stock: 1 })));
    expect(product.offers).toMatchObject({ availability: 'https://schema.org/InStock' });
  });

  it('names every picture by the absolute URL of its 1200 px width (its largest, for one stored smaller)', () => {
    const product = productOf(productMeta(site, diary()));
    expect(product.image).toEqual([
      `${ORIGIN}/uploads/products/5f17e5b100d6831d-1200.webp`,
      `${ORIGIN}/uploads/products/0a1b2c3d4e5f6789-800.webp`,
    ]);
  });

  it('states the price with two decimals at most, and a free product at 0 with its currency', () => {
    expect(productOf(productMeta(site, diary({ price: 99.999 }))).offers).toMatchObject({ price: 100 });
    const free = productOf(productMeta(site, diary({ price: 0 })));
    expect(free.offers).toMatchObject({ price: 0, priceCurrency: 'INR' });
    expect(productRichResult(free).errors).toEqual([]);
  });

  it('uses the id as the SKU of a product without one', () => {
    const product = productOf(productMeta(site, diary({ sku: null })));
    expect(product.sku).toBe(diary()._id);
    expect(productRichResult(product).warnings).not.toContain(
      'an identifier (sku, gtin or mpn) is recommended',
    );
  });

  it('charges shipping as the shop’s settings do: free over the threshold, else the standard cost', () => {
    // The seeded shop ships free over ₹1,000, else for ₹99.
    expect(productOf(productMeta(site, diary())).offers).toMatchObject({
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 99, currency: 'INR' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
      },
    });
    expect(productOf(productMeta(site, diary({ price: 1500 }))).offers).toMatchObject({
      shippingDetails: { shippingRate: { value: 0 } },
    });
    // Settings not read: no shipping cost is guessed.
    const unknown = productOf(productMeta(seoSite(ORIGIN), diary()));
    expect(unknown.offers).not.toHaveProperty('shippingDetails');
    expect(productRichResult(unknown).errors).toEqual([]);
  });

  it('carries the trail Home › brand › category within the brand › product, every crumb with its position, name and URL', () => {
    const trail = jsonLdOfType(productMeta(site, diary()), 'BreadcrumbList');
    expect(breadcrumbRichResult(trail)).toEqual({ errors: [], warnings: [] });
    expect(trail?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Jaksh', item: `${ORIGIN}/products/jaksh` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Stationery',
        item: `${ORIGIN}/products/jaksh?category=Stationery`,
      },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Leather Bound Personalised Diary',
        item: `${ORIGIN}/product/${diary()._id}`,
      },
    ]);
  });

  it('is typed by schema-dts, so a property schema.org does not have does not compile', () => {
    // @ts-expect-error -- a misspelt property is refused by the type, not found by a crawler later
    const wrong: WithContext<Product> = { '@context': 'https://schema.org', '@type': 'Product', prise: 10 };
    expect(productRichResult(wrong).errors).toContain('name is required');
  });
});

describe('a list page’s JSON-LD', () => {
  const cards = [diary(), diary({ _id: 'f0000000-0000-4000-8000-000000000008', name: 'Bamboo Pen' })];

  it('lists its products as a summary page Google can read, numbered across pages', () => {
    const list = jsonLdOfType(
      productListMeta(site, { brand: 'jaksh', category: 'Stationery', page: 2, products: cards, total: 30 }),
      'ItemList',
    );
    expect(itemListRichResult(list)).toEqual({ errors: [], warnings: [] });
    expect(list?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 25, url: `${ORIGIN}/product/${cards[0]._id}`, name: cards[0].name },
      { '@type': 'ListItem', position: 26, url: `${ORIGIN}/product/${cards[1]._id}`, name: 'Bamboo Pen' },
    ]);
  });

  it('carries the trail Home › brand › category', () => {
    const trail = jsonLdOfType(
      productListMeta(site, { brand: 'jaksh', category: 'Stationery', products: cards, total: 2 }),
      'BreadcrumbList',
    );
    expect(breadcrumbRichResult(trail)).toEqual({ errors: [], warnings: [] });
    expect((trail?.itemListElement as { name: string }[]).map((crumb) => crumb.name)).toEqual([
      'Home',
      'Jaksh',
      'Stationery',
    ]);
  });
});
