import type { User } from '../../api/auth';

export type SectionKey =
  'overview' | 'orders' | 'wishlist' | 'addresses' | 'track' | 'faqs' | 'settings' | 'account';

/** The sidebar's sections; account management is reached from Settings (storefront spec, section 2). */
export const SIDEBAR: { key: SectionKey; label: string }[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'orders', label: 'Order History' },
  { key: 'wishlist', label: 'My Wishlist' },
  { key: 'addresses', label: 'Manage Addresses' },
  { key: 'track', label: 'Track Your Order' },
  { key: 'faqs', label: 'Help & FAQs' },
  { key: 'settings', label: 'Settings' },
];

const SECTION_KEYS: SectionKey[] = [...SIDEBAR.map((s) => s.key), 'account'];

export function isSection(value: unknown): value is SectionKey {
  return typeof value === 'string' && (SECTION_KEYS as string[]).includes(value);
}

/** The sidebar's name: the user's name, else the part of the e-mail before the at-sign, else "Guest User". */
export function displayName(user: Pick<User, 'name' | 'email'> | null): string {
  if (user?.name?.trim()) return user.name.trim();
  const local = user?.email?.split('@')[0];
  return local || 'Guest User';
}
