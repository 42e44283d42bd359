import { breadcrumbRichResult, itemListRichResult, productRichResult } from './rich-results';

/** The checklist must fail what Google refuses, or a passing product test would prove nothing. */

const valid = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Kraft Roll Labels',
  description: 'Roll of 500 kraft labels.',
  image: ['https://shop.example/uploads/products/5f17e5b100d6831d-1200.webp'],
  sku: 'MS-LAB-001',
  brand: { '@type': 'Brand', name: 'MS' },
  offers: {
    '@type': 'Offer',
    price: 120,
    priceCurrency: 'INR',
    availability: 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    shippingDetails: {},
    hasMerchantReturnPolicy: {},
  },
  aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
  review: [
    {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Asha' },
      reviewRating: { ratingValue: 5, ratingCount: 1 },
    },
  ],
};

describe('the Product checklist', () => {
  it('passes a product with every required and recommended property', () => {
    expect(productRichResult(valid)).toEqual({ errors: [], warnings: [] });
  });

  it.each([
    ['no name', { name: '' }, 'name is required'],
    ['no picture', { image: undefined }, 'image is required'],
    [
      'a picture by its path only',
      { image: ['/uploads/products/a-1200.webp'] },
      'image[0] must be an absolute URL',
    ],
    ['no offer', { offers: undefined }, 'offers is required'],
    [
      'an offer without a price',
      { offers: { ...valid.offers, price: undefined } },
      'offers.price is required, as a number',
    ],
    ['a negative price', { offers: { ...valid.offers, price: -1 } }, 'offers.price must not be negative'],
    [
      'a price without its currency',
      { offers: { ...valid.offers, priceCurrency: undefined } },
      'offers.priceCurrency is required, as an ISO 4217 code',
    ],
    [
      'a currency by its symbol',
      { offers: { ...valid.offers, priceCurrency: '₹' } },
      'offers.priceCurrency is required, as an ISO 4217 code',
    ],
    [
      'no availability',
      { offers: { ...valid.offers, availability: undefined } },
      'offers.availability is required',
    ],
    [
      'availability in words',
      { offers: { ...valid.offers, availability: 'Only 3 left' } },
      'offers.availability must be a schema.org ItemAvailability',
    ],
    [
      'a rating above the best',
      { aggregateRating: { ratingValue: 6, reviewCount: 2 } },
      'aggregateRating.ratingValue must be within 1 and 5',
    ],
    [
      'a rating below the worst',
      { aggregateRating: { ratingValue: 0, reviewCount: 2 } },
      'aggregateRating.ratingValue must be within 1 and 5',
    ],
    [
      'a rating without a count',
      { aggregateRating: { ratingValue: 4 } },
      'aggregateRating.reviewCount or ratingCount is required',
    ],
    [
      'a rating of no reviews',
      { aggregateRating: { ratingValue: 4, reviewCount: 0 } },
      "aggregateRating's count must be a whole number above 0",
    ],
    [
      'a review without its author',
      { review: [{ reviewRating: { ratingValue: 5 } }] },
      'review[0].author.name is required',
    ],
    ['another vocabulary', { '@context': 'https://example.org' }, '@context must be https://schema.org'],
  ])('refuses %s', (_case, change, error) => {
    expect(productRichResult({ ...valid, ...change }).errors).toContain(error);
  });

  it('needs one of review, aggregateRating or offers for a snippet', () => {
    expect(
      productRichResult({ ...valid, offers: undefined, aggregateRating: undefined, review: undefined })
        .errors,
    ).toContain('one of review, aggregateRating or offers is required');
  });

  it('accepts a rating on another scale within its own best and worst', () => {
    const rating = { ratingValue: 8, ratingCount: 3, bestRating: 10, worstRating: 0 };
    expect(productRichResult({ ...valid, aggregateRating: rating }).errors).toEqual([]);
  });

  it('warns of each recommended property missing', () => {
    const bare = { '@context': 'https://schema.org', '@type': 'Product', name: 'Labels', image: valid.image };
    expect(
      productRichResult({
        ...bare,
        offers: { '@type': 'Offer', price: '1.50', priceCurrency: 'INR', availability: 'InStock' },
      }),
    ).toEqual({
      errors: [],
      warnings: [
        'offers.itemCondition is recommended',
        'offers.shippingDetails is recommended',
        'offers.hasMerchantReturnPolicy is recommended',
        'description is recommended',
        'brand.name is recommended',
        'an identifier (sku, gtin or mpn) is recommended',
        'aggregateRating is recommended',
        'review is recommended',
      ],
    });
  });
});

describe('the BreadcrumbList checklist', () => {
  const crumb = (position: number, name: string, item?: string) => ({
    '@type': 'ListItem',
    position,
    name,
    item,
  });
  const trail = (...items: unknown[]) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items,
  });

  it('passes crumbs numbered from 1, each with a name and an absolute URL', () => {
    expect(
      breadcrumbRichResult(
        trail(crumb(1, 'Home', 'https://s.example/'), crumb(2, 'MS', 'https://s.example/products/ms')),
      ),
    ).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it.each([
    [
      'a single crumb',
      trail(crumb(1, 'Home', 'https://s.example/')),
      'itemListElement must hold at least two ListItems',
    ],
    [
      'crumbs out of order',
      trail(crumb(1, 'Home', 'https://s.example/'), crumb(3, 'MS', 'https://s.example/products/ms')),
      'itemListElement[1].position must be 2',
    ],
    [
      'a crumb without a name',
      trail(crumb(1, 'Home', 'https://s.example/'), crumb(2, '', 'https://s.example/products/ms')),
      'itemListElement[1].name is required',
    ],
    [
      'a crumb by its path only',
      trail(crumb(1, 'Home', 'https://s.example/'), crumb(2, 'MS', '/products/ms')),
      'itemListElement[1].item must be an absolute URL',
    ],
  ])('refuses %s', (_case, data, error) => {
    expect(breadcrumbRichResult(data).errors).toContain(error);
  });
});

describe('the ItemList checklist', () => {
  const list = (...items: unknown[]) => ({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items,
  });

  it('refuses items out of order or without an absolute URL', () => {
    const items = [
      { '@type': 'ListItem', position: 1, url: 'https://s.example/product/a' },
      { '@type': 'ListItem', position: 3, url: '/product/b' },
    ];
    expect(itemListRichResult(list(...items)).errors).toEqual([
      'itemListElement[1].position must follow the one before',
      'itemListElement[1].url must be an absolute URL',
    ]);
  });
});
