import { Paise, toPaise } from '../money';
import type { CustomizationType, PriceOperator } from './catalog.constants';
import type { ProductView } from './catalog.types';

/** A price modifier inside the system: paise. */
export interface ModifierPaise {
  operator: PriceOperator;
  value: Paise;
}

/** What pricing needs of one customization option a product offers. */
export interface PricingOption {
  optionId: string;
  name: string;
  type: CustomizationType;
  priceModifier: ModifierPaise | null;
  options: { value: string; priceModifier: ModifierPaise | null }[];
}

/**
 * A cart line's customization (storefront spec, section 3): `dynamicCustomizations` is keyed by
 * option id, each value plain or `{value}`. Size, comments and uploaded files do not change the price.
 */
export interface LineSelection {
  dynamicCustomizations?: Record<string, unknown> | null;
  [key: string]: unknown;
}

const signed = (modifier: ModifierPaise | null | undefined): Paise =>
  !modifier ? 0 : modifier.operator === '-' ? -modifier.value : modifier.value;

function unwrap(raw: unknown): unknown {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && 'value' in raw)
    return (raw as { value: unknown }).value;
  return raw;
}

function isChosen(value: unknown): boolean {
  return value === true || value === 'true';
}

function hasContent(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function chosenValues(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : value === undefined || value === null || value === ''
      ? []
      : [value];
  return [...new Set(list.map((v) => String(unwrap(v))))];
}

/**
 * The price of one unit of a cart line (storefront spec, "Price of a cart line"): the base price
 * plus or minus modifiers. A select option applies its chosen value's modifier; a multi-select
 * applies each chosen value's; a boolean applies its modifier when true; a text, image or file
 * option applies its modifier when filled in. Values the product does not offer count for nothing,
 * and a unit never costs less than zero. Every service and the web-store's preview price with this.
 */
export function priceLine(
  basePricePaise: Paise,
  options: readonly PricingOption[],
  selection?: LineSelection | null,
): Paise {
  const chosen = selection?.dynamicCustomizations ?? {};
  let price = basePricePaise;
  for (const option of options) {
    if (!(option.optionId in chosen)) continue;
    const value = unwrap(chosen[option.optionId]);
    switch (option.type) {
      case 'boolean':
        if (isChosen(value)) price += signed(option.priceModifier);
        break;
      case 'select': {
        const picked = option.options.find((o) => o.value === String(value));
        if (picked) price += signed(picked.priceModifier);
        break;
      }
      case 'multi-select':
        for (const v of chosenValues(value))
          price += signed(option.options.find((o) => o.value === v)?.priceModifier);
        break;
      default:
        if (hasContent(value)) price += signed(option.priceModifier);
    }
  }
  return Math.max(0, price);
}

/** The pricing options of a product as the API shows it (rupees), for the web-store's live preview. */
export function pricingOptionsOf(product: Pick<ProductView, 'customizationOptions'>): PricingOption[] {
  const toModifier = (
    m: { operator: PriceOperator; value: number } | null | undefined,
  ): ModifierPaise | null => (m ? { operator: m.operator, value: toPaise(m.value) } : null);
  return product.customizationOptions.map(({ optionId: o }) => ({
    optionId: o._id,
    name: o.name,
    type: o.type,
    priceModifier: toModifier(o.priceModifier),
    options: o.options.map((v) => ({ value: v.value, priceModifier: toModifier(v.priceModifier) })),
  }));
}
