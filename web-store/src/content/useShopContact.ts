import type { StorefrontSettings } from '@shop/proto';
import { useMemo } from 'react';
import { usePublicSettings } from '../cart/shippingTerms';
import { formatPrice } from '@shop/web-kit/format';
import { SHOP } from './shop';

/** How the shop names itself and is reached, as its owner set it in the back office's business settings. */
export interface ShopContact {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Shown only once the owner has set one. */
  gstNumber: string | null;
}

/**
 * The business settings, each falling back to the build's own figure (content/shop.ts) while the
 * settings load, when they cannot be read, or while the owner has left that setting blank.
 */
export function shopContactOf(settings: Partial<StorefrontSettings> | undefined): ShopContact {
  return {
    name: settings?.businessName?.trim() || SHOP.name,
    email: settings?.businessEmail?.trim() || SHOP.email,
    phone: settings?.businessPhone?.trim() || SHOP.phone,
    address: settings?.businessAddress?.trim() || SHOP.address,
    gstNumber: settings?.gstNumber?.trim() || null,
  };
}

export function useShopContact(): ShopContact {
  const { data } = usePublicSettings();
  return useMemo(() => shopContactOf(data), [data]);
}

/**
 * What the shop promises of cash on delivery, as its settings say: the limit while it is offered,
 * null while it is off or the settings are not known (nothing is promised then).
 */
export function cashOnDeliveryTerms(
  settings: Pick<StorefrontSettings, 'codEnabled' | 'codLimit'> | undefined,
): string | null {
  if (!settings?.codEnabled) return null;
  return `Cash on delivery available on orders up to ${formatPrice(settings.codLimit)}`;
}

/** The phone number as a tel: link's target: digits and the leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
