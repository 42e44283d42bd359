/** Percent change (back-office spec, section 9): (current - previous) / previous * 100, one decimal; 0 without a base. */
export function growthPercent(current: number, previous: number | null | undefined): number {
  if (!previous) return 0;
  return Number((((current - previous) / previous) * 100).toFixed(1));
}

/** A share of a whole as a whole percent; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
