import { HOME_CATEGORIES, type Brand } from '@shop/proto';

/**
 * The shop's own words and figures. The contact details here are what pages show until the back
 * office's business settings have been read, and for any of them the owner left blank
 * (useShopContact); a deployment can set them through the build environment (VITE_SHOP_*).
 */
const env = import.meta.env;

export const SHOP = {
  name: 'MS & Jaksh',
  email: env.VITE_SHOP_EMAIL ?? 'hello@msjaksh.in',
  phone: env.VITE_SHOP_PHONE ?? '+91 22 4000 2009',
  address:
    env.VITE_SHOP_ADDRESS ?? 'Unit 12, Sunrise Industrial Estate, Andheri East, Mumbai, Maharashtra 400093',
  hours: 'Monday to Saturday, 10:00 to 19:00 IST',
  social: [
    { name: 'Instagram', href: env.VITE_SHOP_INSTAGRAM ?? 'https://www.instagram.com/msjaksh' },
    { name: 'Facebook', href: env.VITE_SHOP_FACEBOOK ?? 'https://www.facebook.com/msjaksh' },
    { name: 'LinkedIn', href: env.VITE_SHOP_LINKEDIN ?? 'https://www.linkedin.com/company/msjaksh' },
    { name: 'WhatsApp', href: env.VITE_SHOP_WHATSAPP ?? 'https://wa.me/912240002009' },
  ],
} as const;

export interface BrandInfo {
  slug: Brand;
  label: string;
  tagline: string;
  description: string;
  highlights: string[];
}

export const BRAND_INFO: BrandInfo[] = [
  {
    slug: 'ms',
    label: 'MS',
    tagline: 'Bulk labels and corporate merchandise',
    description:
      'Printed labels, stickers, lanyards and branded drinkware made in volume for offices, factories, schools and events.',
    highlights: ['Orders from 50 to 50,000 pieces', 'GST invoices for every order', 'Pan-India dispatch'],
  },
  {
    slug: 'jaksh',
    label: 'Jaksh',
    tagline: 'Custom stationery and gifting',
    description:
      'Personalised diaries, notebooks, pens and gift sets, designed with your name, logo or artwork and finished by hand.',
    highlights: ['Personalised from a single piece', 'Upload your own artwork', 'Gift-ready packaging'],
  },
];

export function brandLabel(brand: string | undefined): string {
  const found = BRAND_INFO.find((b) => b.slug === brand?.toLowerCase());
  return found ? found.label : (brand ?? '');
}

/** The product list's heading: one brand's products, or all of them. */
export function productListTitle(brand: string | undefined): string {
  return brand ? `${brandLabel(brand)} products` : 'All Products';
}

const CATEGORY_BLURBS: Record<(typeof HOME_CATEGORIES)[number], string> = {
  Lanyards: 'Printed lanyards, badge holders and ID card accessories.',
  Labels: 'Product, barcode and packaging labels in any quantity.',
  Stickers: 'Die-cut, vinyl and sheet stickers for brands and events.',
  Drinkware: 'Branded mugs, bottles and tumblers for teams and gifts.',
  Stationery: 'Personalised diaries, notebooks, pens and desk sets.',
  Gifts: 'Curated, personalised gift sets for every occasion.',
};

/** The six home-page categories, as the catalog names them (`category` filter values). */
export const CATEGORIES = HOME_CATEGORIES.map((value) => ({
  value,
  label: value,
  blurb: CATEGORY_BLURBS[value],
}));
