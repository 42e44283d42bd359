export interface DefaultCandidate {
  id: string;
  createdAt: Date;
  isDefault: boolean;
}

/**
 * Which of a customer's addresses is the default after a change: the one the customer asked for,
 * otherwise the current default, otherwise the newest. So the first address becomes the default,
 * setting one unsets the others, unticking the default keeps it (another must be chosen instead),
 * and deleting the default hands it to the newest remaining address.
 */
export function chooseDefault(addresses: readonly DefaultCandidate[], requested?: string): string | null {
  if (requested && addresses.some((a) => a.id === requested)) return requested;
  const current = addresses.find((a) => a.isDefault);
  if (current) return current.id;
  const newest = [...addresses].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
  )[0];
  return newest?.id ?? null;
}
