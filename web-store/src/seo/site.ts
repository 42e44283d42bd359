import { toPaise, type ShippingRule, type StorefrontSettings } from '@shop/proto';
import { SHOP } from '../content/shop';
import { shopContactOf } from '../content/useShopContact';
import shareCardPath from './share-card.png?no-inline';
import { DEFAULT_PUBLIC_URL } from './url';

/**
 * What every page's head says of the shop itself: where it is public, and the business as its
 * owner set it in the back office (`GET /api/settings/public`), each detail falling back to the
 * shop's own while the settings are unknown or left blank.
 */
export interface SeoSite {
  /** PUBLIC_URL, without a trailing slash: every address a page names starts with it. */
  origin: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  /** The shop's own profiles elsewhere (schema.org sameAs). */
  sameAs: string[];
  /** How shipping is charged, for an offer's shipping cost; null while the settings are unknown. */
  shipping: ShippingRule | null;
}

/** The shop's logo, served from the storefront's public files. */
export const LOGO_PATH = '/logo.svg';

/** The picture a page without one of its own is shared with (1200 × 630, made from share-card.svg). */
export const SHARE_CARD = { path: shareCardPath, width: 1200, height: 630 } as const;

type SiteSettings = Partial<
  Pick<
    StorefrontSettings,
    | 'businessName'
    | 'businessEmail'
    | 'businessPhone'
    | 'businessAddress'
    | 'freeShippingThreshold'
    | 'standardShippingCost'
  >
>;

/** The site from PUBLIC_URL (`publicOrigin()` on the server) and the public settings, when read. */
export function seoSite(origin: string, settings?: SiteSettings | null): SeoSite {
  const contact = shopContactOf(settings ?? undefined);
  const { freeShippingThreshold, standardShippingCost } = settings ?? {};
  return {
    origin,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
    // A WhatsApp link starts a chat: it is a way to reach the shop, not a page about it.
    sameAs: SHOP.social.filter((profile) => profile.name !== 'WhatsApp').map((profile) => profile.href),
    shipping:
      freeShippingThreshold === undefined || standardShippingCost === undefined
        ? null
        : {
            freeShippingThresholdPaise: toPaise(freeShippingThreshold),
            standardShippingPaise: toPaise(standardShippingCost),
          },
  };
}

/** A route match as a meta function sees it. */
interface MetaMatch {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

/**
 * The site the root route's loader returned as `seo` (`{ seo: seoSite(publicOrigin(), settings) }`),
 * for a page's meta function. Should the root have no data (its loader failed), the page is named
 * from the address the browser shows, or the default on the server, so its head still renders.
 */
export function seoSiteOf(matches: readonly (MetaMatch | undefined)[]): SeoSite {
  const root = matches.find((match) => match?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { seo?: SeoSite } | undefined;
  if (data?.seo) return data.seo;
  return seoSite(typeof window === 'undefined' ? DEFAULT_PUBLIC_URL : window.location.origin);
}
