import {
  AdminProductView,
  Brand,
  CustomizationType,
  Dimensions,
  hsnCodeOf,
  ModifierPaise,
  OptionValue,
  PriceModifier,
  PricingOption,
  ProductCardView,
  ProductCustomizationLink,
  ProductView,
  toRupees,
} from '@shop/proto';

/** The product columns every read selects (`p` is the products table). */
export const PRODUCT_COLUMNS = `
  p.id, p.name, p.description, p.category, p.brand, p.price_paise, p.original_price_paise, p.images, p.tags,
  p.stock, p.reserved, p.sku, p.weight_grams, p.dimensions, p.is_new, p.is_best_seller, p.is_customizable,
  p.allows_image_upload, p.available_sizes, p.turnaround_time, p.low_stock_threshold, p.hsn_code, p.rating,
  p.review_count, p.version, p.created_at, p.updated_at, p.deleted_at`;

/**
 * The columns a card needs (`p` is the products table): lists read no description, tags or
 * dimensions, and only the first picture, so a 24-card page stays a few kilobytes. The picture
 * comes as text, not a one-element array: parsing array literals was 5% of the catalog's CPU on
 * uncached lists in issue 13's profile.
 */
export const CARD_COLUMNS = `
  p.id, p.name, p.category, p.brand, p.price_paise, p.original_price_paise, p.images[1] AS first_image,
  p.stock - p.reserved AS available, p.is_new, p.is_best_seller, p.rating, p.review_count`;

export type CardRow = { first_image: string | null; available: number } & Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'category'
  | 'brand'
  | 'price_paise'
  | 'original_price_paise'
  | 'is_new'
  | 'is_best_seller'
  | 'rating'
  | 'review_count'
>;

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  category: string;
  brand: Brand;
  price_paise: number;
  original_price_paise: number | null;
  images: string[];
  tags: string[];
  stock: number;
  reserved: number;
  sku: string | null;
  weight_grams: string | null;
  dimensions: Dimensions | null;
  is_new: boolean;
  is_best_seller: boolean;
  is_customizable: boolean;
  allows_image_upload: boolean;
  available_sizes: string[];
  turnaround_time: string | null;
  low_stock_threshold: number | null;
  hsn_code: string | null;
  rating: string;
  review_count: number;
  version: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

type StoredOptionValue = { value: string; priceModifier: ModifierPaise | null };

/** The library options linked to products, with each product's overrides (`p` = links, `d` = definitions). */
export const LINK_COLUMNS = `
  l.product_id, l.option_id, l.position, l.enabled, l.price_modifier AS override_modifier, l.options AS override_options,
  d.name, d.type, d.description, d.is_active, d.price_modifier, d.options`;

export interface LinkRow {
  product_id: string;
  option_id: string;
  position: number;
  enabled: boolean;
  override_modifier: ModifierPaise | null;
  override_options: StoredOptionValue[] | null;
  name: string;
  type: CustomizationType;
  description: string;
  is_active: boolean;
  price_modifier: ModifierPaise | null;
  options: StoredOptionValue[];
}

export const toModifierView = (m: ModifierPaise | null | undefined): PriceModifier | null =>
  m ? { type: 'fixed', operator: m.operator, value: toRupees(m.value) } : null;

const ZERO: ModifierPaise = { operator: '+', value: 0 };

export const toOptionValuesView = (values: StoredOptionValue[]): OptionValue[] =>
  values.map((v) => ({ value: v.value, priceModifier: toModifierView(v.priceModifier ?? ZERO)! }));

/**
 * What a product charges for one linked option: its own modifiers where it set them, the
 * library's otherwise. A select's values come from the library, so values added there later appear.
 */
function effective(link: LinkRow): { priceModifier: ModifierPaise | null; options: StoredOptionValue[] } {
  const overrides = new Map((link.override_options ?? []).map((o) => [o.value, o.priceModifier]));
  return {
    priceModifier: link.override_modifier ?? link.price_modifier,
    options: link.options.map((o) => ({
      value: o.value,
      priceModifier: overrides.get(o.value) ?? o.priceModifier,
    })),
  };
}

/** The options a shopper can choose: enabled on the product and active in the library. */
const offered = (links: LinkRow[]) =>
  links.filter((l) => l.enabled && l.is_active).sort((a, b) => a.position - b.position);

export function pricingOptions(links: LinkRow[]): PricingOption[] {
  return offered(links).map((link) => {
    const { priceModifier, options } = effective(link);
    return { optionId: link.option_id, name: link.name, type: link.type, priceModifier, options };
  });
}

export function toProductView(row: ProductRow, links: LinkRow[]): ProductView {
  const rating = Number(row.rating);
  const ordered = [...links].sort((a, b) => a.position - b.position);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    brand: row.brand,
    price: toRupees(row.price_paise),
    originalPrice: row.original_price_paise === null ? null : toRupees(row.original_price_paise),
    images: row.images,
    rating,
    averageRating: rating,
    totalReviews: row.review_count,
    reviewCount: row.review_count,
    stock: row.stock - row.reserved,
    sku: row.sku,
    weight: row.weight_grams === null ? null : Number(row.weight_grams),
    dimensions: row.dimensions,
    tags: row.tags,
    isNew: row.is_new,
    isBestSeller: row.is_best_seller,
    isCustomizable: row.is_customizable,
    allowsImageUpload: row.allows_image_upload,
    availableSizes: row.available_sizes,
    turnaroundTime: row.turnaround_time,
    lowStockThreshold: row.low_stock_threshold,
    customizationOptions: offered(ordered).map((link) => {
      const { priceModifier, options } = effective(link);
      return {
        optionId: {
          _id: link.option_id,
          name: link.name,
          type: link.type,
          description: link.description,
          options: toOptionValuesView(options),
          priceModifier: toModifierView(priceModifier),
        },
      };
    }),
    customizations: ordered.map((link): ProductCustomizationLink => ({
      optionId: link.option_id,
      enabled: link.enabled,
      priceModifier: toModifierView(link.override_modifier),
      options: link.override_options ? toOptionValuesView(link.override_options) : null,
    })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toProductCardView(row: CardRow): ProductCardView {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: toRupees(row.price_paise),
    originalPrice: row.original_price_paise === null ? null : toRupees(row.original_price_paise),
    images: row.first_image === null ? [] : [row.first_image],
    rating: Number(row.rating),
    reviewCount: row.review_count,
    stock: row.available,
    isNew: row.is_new,
    isBestSeller: row.is_best_seller,
  };
}

export function toAdminProductView(row: ProductRow, links: LinkRow[]): AdminProductView {
  return {
    ...toProductView(row, links),
    reservedStock: row.reserved,
    hsnCode: row.hsn_code,
    effectiveHsnCode: hsnCodeOf({ hsnCode: row.hsn_code, category: row.category }),
  };
}
