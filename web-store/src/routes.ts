import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** Every route of the storefront spec (section 2), and the crawlers' files. */
export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx', { id: 'products' }),
  route('products/:brand', 'routes/products.tsx', { id: 'brand-products' }),
  route('product/:id', 'routes/product.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('payment', 'routes/payment.tsx'),
  route('confirmation/:orderId', 'routes/confirmation.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('auth/google/callback', 'routes/google-callback.tsx'),
  route('account', 'routes/account.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('403', 'routes/forbidden.tsx'),
  route('robots.txt', 'seo/routes/robots.txt.ts'),
  route('sitemap.xml', 'seo/routes/sitemap.xml.ts'),
  route('sitemap/:file', 'seo/routes/sitemap.$file.ts'),
  route('*', 'routes/unknown.tsx'),
] satisfies RouteConfig;
