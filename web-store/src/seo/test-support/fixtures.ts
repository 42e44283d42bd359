import { SEEDED_SETTINGS, storefrontSettingsOf, type ProductView } from '@shop/proto';
import type { MetaDescriptor } from 'react-router';
import { makeProduct } from '../../test/fixtures';
import { seoSite } from '../site';

export const ORIGIN = 'https://www.msjaksh.in';

/** The site as the root loader gives it with the seeded shop's public settings. */
export const site = seoSite(ORIGIN, storefrontSettingsOf(SEEDED_SETTINGS));

/** A product shaped like the seeded catalog's: two stored pictures (one stored up to 800 px), reviews, a SKU. */
export function diary(overrides: Partial<ProductView> = {}): ProductView {
  return makeProduct(7, {
    name: 'Leather Bound Personalised Diary',
    description:
      'A5 diary in full-grain leather with 240 ruled pages and a ribbon marker. Your name or logo is debossed on the cover, so every diary is made to order and finished by hand in our Mumbai workshop.',
    brand: 'jaksh',
    category: 'Stationery',
    price: 849.5,
    originalPrice: 999,
    sku: 'JK-STA-007',
    images: ['/uploads/products/5f17e5b100d6831d-1200.webp', '/uploads/products/0a1b2c3d4e5f6789-800.webp'],
    rating: 4.33,
    averageRating: 4.33,
    reviewCount: 3,
    totalReviews: 3,
    stock: 42,
    ...overrides,
  });
}

/**
 * The JSON-LD a head carries, as a crawler reads it: serialized as React Router writes it into the
 * script and parsed back, so what is checked is JSON and not the objects that built it.
 */
export function jsonLdOf(meta: MetaDescriptor[]): Record<string, unknown>[] {
  return meta
    .filter((descriptor): descriptor is { 'script:ld+json': object } => 'script:ld+json' in descriptor)
    .map((descriptor) => JSON.parse(JSON.stringify(descriptor['script:ld+json'])));
}

/** The JSON-LD of one schema.org type in a head. */
export function jsonLdOfType(meta: MetaDescriptor[], type: string): Record<string, unknown> | undefined {
  return jsonLdOf(meta).find((data) => data['@type'] === type);
}

/** The content of a `<meta>` by its name or property. */
export function metaContent(meta: MetaDescriptor[], key: string): string | undefined {
  const found = meta.find(
    (descriptor) =>
      ('name' in descriptor && descriptor.name === key) ||
      ('property' in descriptor && descriptor.property === key),
  );
  return found && 'content' in found ? String(found.content) : undefined;
}
