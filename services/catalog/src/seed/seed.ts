import { createLogger, EventPublisher } from '@shop/kit';
import { Brand, BRANDS, HOME_CATEGORIES, toPaise } from '@shop/proto';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { LocalImageStorage } from '../images/image-storage';
import { Picture, storePicture } from '../images/pictures';
import { ProductsRepository } from '../products/products.repository';
import { openCatalogDatabase } from './catalog-database';
import { ProductPainter } from './product-art';
import { kindOf } from './product-kinds';
import { seededRandom } from './prng';
import {
  BRAND_STORY,
  Category,
  CATEGORY_DETAILS,
  CATEGORY_OPTIONS,
  REVIEW_TEXTS,
  REVIEWERS,
  SEED_OPTIONS,
  SEED_PRODUCTS,
  SeedProduct,
} from './seed-data';

const logger = createLogger('catalog-seed');
const DAY_MS = 86_400_000;

const SIZES: Partial<Record<Category, string[]>> = {
  Drinkware: ['350 ml', '500 ml'],
  Stationery: ['A5', 'A4'],
};
const DIMENSIONS: Record<Category, [number, number, number]> = {
  Lanyards: [90, 2, 0.2],
  Labels: [10, 5, 0.1],
  Stickers: [8, 8, 0.1],
  Drinkware: [12, 9, 9],
  Stationery: [21, 14.8, 1.5],
  Gifts: [30, 25, 10],
};
const WEIGHTS: Record<Category, number> = {
  Lanyards: 25,
  Labels: 2,
  Stickers: 3,
  Drinkware: 350,
  Stationery: 300,
  Gifts: 900,
};

async function insertOptions(m: EntityManager): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const option of SEED_OPTIONS) {
    const modifier = (rupees: number) => ({
      operator: rupees < 0 ? '-' : '+',
      value: toPaise(Math.abs(rupees)),
    });
    const [row] = await m.query(
      `INSERT INTO customization_definitions (name, type, description, is_default, is_active, price_modifier, options)
       VALUES ($1, $2, $3, false, true, $4, $5) RETURNING id`,
      [
        option.name,
        option.type,
        option.description,
        option.modifier === undefined ? null : JSON.stringify(modifier(option.modifier)),
        JSON.stringify(
          (option.options ?? []).map(([value, rupees]) => ({ value, priceModifier: modifier(rupees) })),
        ),
      ],
    );
    ids.set(option.key, row.id);
  }
  return ids;
}

interface SeedEntry {
  category: Category;
  brand: Brand;
  seed: SeedProduct;
  index: number;
  createdAt: Date;
  bestSeller: boolean;
  images: string[];
}

/**
 * Draws and stores each product's pictures (front, detail and in use), a few products at a time.
 * A picture several products show (their shared in-use scene) is stored once.
 */
async function drawPictures(storage: LocalImageStorage, entries: SeedEntry[]): Promise<void> {
  const painter = new ProductPainter();
  const stored = new Map<string, Promise<string>>();
  const store = (picture: Picture) => {
    let url = stored.get(picture.key);
    if (!url) stored.set(picture.key, (url = storePicture(storage, picture)));
    return url;
  };
  const queue = [...entries];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const [name] = entry.seed;
      const pictures = await painter.pictures(name, entry.brand, kindOf(name, entry.category));
      for (const picture of pictures) entry.images.push(await store(picture));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function insertProduct(
  m: EntityManager,
  options: Map<string, string>,
  random: () => number,
  product: SeedEntry,
): Promise<string> {
  const { category, brand, index, createdAt, bestSeller, images } = product;
  const [name, price, originalPrice, stock] = product.seed;
  const id = randomUUID();
  const optionKeys = CATEGORY_OPTIONS[category][brand];
  const [length, width, height] = DIMENSIONS[category];
  const words = name
    .toLowerCase()
    .split(' ')
    .filter((w) => w.length > 3);
  await m.query(
    `INSERT INTO products (id, name, description, category, brand, price_paise, original_price_paise, images, tags, stock, sku,
       weight_grams, dimensions, is_new, is_best_seller, is_customizable, allows_image_upload, available_sizes, turnaround_time,
       low_stock_threshold, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, true, $16, $17, $18, $19, $20, $20)`,
    [
      id,
      name,
      `${name}. ${CATEGORY_DETAILS[category]} ${BRAND_STORY[brand]}`,
      category,
      brand,
      toPaise(price),
      originalPrice ? toPaise(originalPrice) : null,
      images,
      [...new Set([category.toLowerCase(), brand === 'ms' ? 'bulk' : 'gift', ...words.slice(0, 3)])],
      stock,
      `${brand.toUpperCase()}-${category.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, '0')}`,
      WEIGHTS[category],
      JSON.stringify({ length, width, height }),
      Date.now() - createdAt.getTime() < 14 * DAY_MS,
      bestSeller,
      optionKeys.includes('artwork'),
      brand === 'jaksh' ? (SIZES[category] ?? []) : [],
      brand === 'ms' ? '5-7 business days' : '2-4 business days',
      stock < 10 ? 3 : random() < 0.3 ? 10 : null,
      createdAt,
    ],
  );
  for (const [position, key] of optionKeys.entries()) {
    await m.query(
      `INSERT INTO product_customizations (product_id, option_id, position, enabled) VALUES ($1, $2, $3, true)`,
      [id, options.get(key), position],
    );
  }
  const reviews = Math.floor(random() * 6);
  for (let r = 0; r < reviews; r++) {
    const [rating, comment, pros, cons] = REVIEW_TEXTS[Math.floor(random() * REVIEW_TEXTS.length)];
    await m.query(
      `INSERT INTO reviews (product_id, user_id, username, by_admin, rating, comment, pros, cons, created_at)
       VALUES ($1, NULL, $2, true, $3, $4, $5, $6, $7)`,
      [
        id,
        REVIEWERS[(index + r) % REVIEWERS.length],
        rating,
        comment,
        pros,
        cons,
        new Date(createdAt.getTime() + (r + 1) * DAY_MS),
      ],
    );
  }
  return id;
}

/**
 * The realistic catalog a fresh shop starts with: six categories for both brands, library options,
 * pictures drawn locally and a few reviews. It runs once: a catalog that has products is left alone.
 * Every product is announced with product.upserted through the outbox, so carts know them.
 */
export async function seedCatalog(dataSource: DataSource, storage: LocalImageStorage): Promise<number> {
  return dataSource.transaction(async (m) => {
    await m.query(`LOCK TABLE products IN EXCLUSIVE MODE`);
    const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM products`);
    if (count > 0) return 0;
    const random = seededRandom(2009);
    const options = await insertOptions(m);
    const entries: SeedEntry[] = [];
    for (const category of HOME_CATEGORIES) {
      for (const brand of BRANDS) {
        for (const [index, seed] of SEED_PRODUCTS[category][brand].entries()) {
          const createdAt = new Date(Date.now() - (entries.length % 120) * DAY_MS - index * 3_600_000);
          entries.push({ category, brand, seed, index, createdAt, bestSeller: random() < 0.2, images: [] });
        }
      }
    }
    await drawPictures(storage, entries);
    const ids: string[] = [];
    for (const entry of entries) ids.push(await insertProduct(m, options, random, entry));
    await m.query(
      `UPDATE products p
          SET rating = COALESCE((SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.product_id = p.id), 0),
              review_count = (SELECT count(*) FROM reviews r WHERE r.product_id = p.id)`,
    );
    await new ProductsRepository(dataSource, new EventPublisher()).publishUpserted(m, ids);
    return ids.length;
  });
}

async function main(): Promise<void> {
  const { config, dataSource } = await openCatalogDatabase();
  try {
    const created = await seedCatalog(
      dataSource,
      new LocalImageStorage(config.UPLOADS_DIR, config.UPLOADS_PUBLIC_URL),
    );
    if (created) logger.info({ database: config.DATABASE_NAME, products: created }, 'catalog seeded');
    else logger.info({ database: config.DATABASE_NAME }, 'catalog already has products; seed skipped');
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  main().catch((err) => {
    logger.fatal({ err }, 'catalog seed failed');
    process.exit(1);
  });
}
