import type { Category } from './seed-data';

/** The things the shop's pictures can show; each has its own drawing. */
export const PRODUCT_KINDS = [
  'label-roll',
  'label-sheet',
  'sticker',
  'lanyard',
  'mug',
  'bottle',
  'diary',
  'notebook',
  'pen',
  'gift-box',
  'badge',
  'tag',
  'trophy',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * What a product's name says it is, first match wins: the specific words come before the general
 * ones ("Event Badge Stickers" is a sticker, "Paper Cups" a mug, "Asset Tag Labels" a label sheet).
 */
const BY_NAME: [RegExp, ProductKind][] = [
  [/trophy|award/i, 'trophy'],
  [/sticker|decal|cling|floor graphic/i, 'sticker'],
  [/roll|barcode|thermal|shipping|address/i, 'label-roll'],
  [/label/i, 'label-sheet'],
  [/lanyard|badge reel|neck strap|key strap|id card/i, 'lanyard'],
  [/badge|\bpins?\b/i, 'badge'],
  [/tag\b|tags\b|keychain|key ring/i, 'tag'],
  [/bottle|flask|sipper|shaker|tumbler/i, 'bottle'],
  [/mug|cup|kulhad/i, 'mug'],
  [/\bpens?\b|pencil|calligraphy/i, 'pen'],
  [/diary|planner|journal|calendar/i, 'diary'],
  [
    /notebook|note ?pad|notepad|writing pad|letterhead|envelope|visiting card|scrapbook|sticky note/i,
    'notebook',
  ],
];

/** A category's usual product, for names that say nothing more specific. */
const BY_CATEGORY: Record<Category, ProductKind> = {
  Lanyards: 'lanyard',
  Labels: 'label-roll',
  Stickers: 'sticker',
  Drinkware: 'mug',
  Stationery: 'notebook',
  Gifts: 'gift-box',
};

export function kindOf(name: string, category: Category): ProductKind {
  return BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? BY_CATEGORY[category];
}
