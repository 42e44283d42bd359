/**
 * The storefront's public pages that are not read from the catalog, as the head and the sitemap
 * name them. The legal pages' `updated` is the date they print as "Last updated": the sitemap's
 * lastmod for them.
 */
export const STATIC_PAGES = {
  home: {
    path: '/',
    title: 'Labels, merchandise and personalised gifts',
    description:
      'MS bulk labels and corporate merchandise, Jaksh custom stationery and gifts. Made to order in India.',
  },
  terms: {
    path: '/terms',
    title: 'Terms & Conditions',
    description:
      'The terms of every order: your account, customisation, prices and GST, payment, delivery, cancellations, returns and refunds.',
    updated: '2025-09-01',
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    description:
      'What we collect when you shop with us, why, who it is shared with, how long it is kept, and your rights over it.',
    updated: '2025-09-01',
  },
} as const;

export type LegalPage = 'terms' | 'privacy';

/**
 * Pages tied to a person, which search engines are asked to leave out (robots.txt and each page's
 * `noindex`). A path here covers every path it starts (`/confirmation/<order>`).
 */
export const PRIVATE_PATHS = [
  '/cart',
  '/checkout',
  '/payment',
  '/confirmation',
  '/account',
  '/wishlist',
  '/profile',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/auth/',
  '/403',
] as const;
