import { createLogger, EventPublisher } from '@shop/kit';
import { BRANDS, CatalogReloadedEvent, EVENTS, HOME_CATEGORIES, toPaise } from '@shop/proto';
import type { DataSource } from 'typeorm';
import { LocalImageStorage } from '../images/image-storage';
import { storePicture } from '../images/pictures';
import { openCatalogDatabase } from './catalog-database';
import { ProductPainter } from './product-art';
import { kindOf } from './product-kinds';
import { seededRandom } from './prng';
import { Category } from './seed-data';

const logger = createLogger('catalog-generate');
const BATCH = 2000;

/** The generator's vocabulary; the bench builds its search texts from it too. */
export const NOUNS: Record<Category, string[]> = {
  Lanyards: ['Lanyard', 'Badge Reel', 'ID Card Holder', 'Neck Strap', 'Wristlet Lanyard', 'Key Strap'],
  Labels: ['Labels', 'Roll Labels', 'Gift Tags', 'Barcode Labels', 'Jar Labels', 'Name Labels'],
  Stickers: ['Stickers', 'Sticker Sheet', 'Decals', 'Vinyl Stickers', 'Seal Stickers', 'Laptop Stickers'],
  Drinkware: ['Mug', 'Water Bottle', 'Tumbler', 'Sipper', 'Flask', 'Coffee Cup'],
  Stationery: ['Notebook', 'Diary', 'Planner', 'Journal', 'Ball Pen', 'Notepad', 'Desk Calendar'],
  Gifts: ['Gift Box', 'Hamper', 'Keychain', 'Photo Frame', 'Tote Bag', 'Candle Set'],
};
export const ADJECTIVES = [
  'Classic',
  'Premium',
  'Eco',
  'Personalised',
  'Custom',
  'Printed',
  'Deluxe',
  'Vintage',
  'Minimal',
  'Floral',
  'Corporate',
  'Festive',
  'Pastel',
  'Metallic',
  'Handmade',
  'Compact',
  'Executive',
  'Travel',
  'Kids',
  'Royal',
  'Modern',
  'Rustic',
];
export const MATERIALS = [
  'Cotton',
  'Bamboo',
  'Leather',
  'Steel',
  'Ceramic',
  'Kraft',
  'Vinyl',
  'Satin',
  'Glass',
  'Copper',
  'Recycled',
  'Linen',
  'Matte',
  'Gloss',
];
const PRICE_RANGE: Record<Category, [number, number]> = {
  Lanyards: [20, 600],
  Labels: [1, 400],
  Stickers: [2, 300],
  Drinkware: [3, 1200],
  Stationery: [2, 1500],
  Gifts: [79, 3000],
};
const COLUMNS = [
  'name',
  'description',
  'category',
  'brand',
  'price_paise',
  'original_price_paise',
  'image',
  'tags',
  'stock',
  'rating',
  'review_count',
  'is_new',
  'is_best_seller',
  'created_at',
] as const;

/**
 * Appends `count` generated products for benchmarks: names from a vocabulary per category, both
 * brands, prices, stock, ratings and dates spread out, written in multi-row batches. One picture
 * per category and brand is drawn and shared. No product.upserted is published for them (carts of a
 * bench catalog need none): one catalog.reloaded tells the gateways to drop the catalog answers they keep.
 */
export async function generateProducts(
  dataSource: DataSource,
  storage: LocalImageStorage,
  count: number,
  seed = 100_000,
): Promise<void> {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const painter = new ProductPainter();
  const pictures = new Map<string, string>();
  for (const category of HOME_CATEGORIES) {
    for (const brand of BRANDS) {
      pictures.set(
        `${category}/${brand}`,
        await storePicture(storage, await painter.view(category, brand, kindOf(category, category), 'front')),
      );
    }
  }
  const now = Date.now();
  for (let done = 0; done < count;) {
    const size = Math.min(BATCH, count - done);
    const rows: Record<(typeof COLUMNS)[number], unknown[]> = Object.fromEntries(
      COLUMNS.map((c) => [c, []]),
    ) as never;
    for (let i = 0; i < size; i++) {
      const category = pick(HOME_CATEGORIES);
      const brand = pick(BRANDS);
      const noun = pick(NOUNS[category]);
      const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${noun}`;
      const [low, high] = PRICE_RANGE[category];
      const price = Math.round((low + random() * (high - low)) * 100) / 100;
      const reviews = Math.floor(random() * 40);
      const age = random() * 730 * 86_400_000;
      rows.name.push(name);
      rows.description.push(
        `${name} for ${brand === 'ms' ? 'bulk corporate orders' : 'gifting and personal use'}. A ${noun.toLowerCase()} in our ${category.toLowerCase()} range, printed to order.`,
      );
      rows.category.push(category);
      rows.brand.push(brand);
      rows.price_paise.push(toPaise(price));
      rows.original_price_paise.push(random() < 0.3 ? toPaise(Math.round(price * 1.2 * 100) / 100) : null);
      rows.image.push(pictures.get(`${category}/${brand}`));
      rows.tags.push([category.toLowerCase(), noun.toLowerCase()].join(','));
      rows.stock.push(Math.floor(random() * 5000));
      rows.rating.push(reviews ? Math.round((1 + random() * 4) * 100) / 100 : 0);
      rows.review_count.push(reviews);
      rows.is_new.push(age < 14 * 86_400_000);
      rows.is_best_seller.push(random() < 0.05);
      rows.created_at.push(new Date(now - age).toISOString());
    }
    await dataSource.query(
      `INSERT INTO products (name, description, category, brand, price_paise, original_price_paise, images, tags, stock, rating,
         review_count, is_new, is_best_seller, created_at, updated_at)
       SELECT name, description, category, brand, price_paise, original_price_paise, ARRAY[image], string_to_array(tags, ','), stock,
              rating, review_count, is_new, is_best_seller, created_at, created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[], $9::int[],
                     $10::numeric[], $11::int[], $12::bool[], $13::bool[], $14::timestamptz[])
           AS t(name, description, category, brand, price_paise, original_price_paise, image, tags, stock, rating, review_count,
                is_new, is_best_seller, created_at)`,
      COLUMNS.map((c) => rows[c]),
    );
    done += size;
    if (done % 20_000 === 0 || done === count) logger.info({ done, count }, 'products generated');
  }
  await dataSource.query(`VACUUM ANALYZE products`);
  const reloaded: CatalogReloadedEvent = { reloadedAt: new Date().toISOString() };
  await new EventPublisher().publish(dataSource.manager, EVENTS.catalogReloaded, reloaded);
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`Usage: generate.js [count], got "${process.argv[2]}"`);
  const { config, dataSource } = await openCatalogDatabase();
  try {
    const started = Date.now();
    await generateProducts(
      dataSource,
      new LocalImageStorage(config.UPLOADS_DIR, config.UPLOADS_PUBLIC_URL),
      count,
    );
    logger.info(
      { database: config.DATABASE_NAME, count, seconds: Math.round((Date.now() - started) / 1000) },
      'catalog generated',
    );
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  main().catch((err) => {
    logger.fatal({ err }, 'catalog generation failed');
    process.exit(1);
  });
}
