/**
 * Money is integer paise inside the system and rupees at the public API.
 * These are the only conversions; nothing else multiplies or divides by 100.
 */
export type Paise = number;

export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  return Math.round(rupees * 100);
}

export function toRupees(paise: Paise): number {
  return paise / 100;
}

/** Checkout rounds to whole rupees (storefront spec, section 9). */
export function roundToWholeRupees(paise: Paise): Paise {
  return Math.round(paise / 100) * 100;
}
