#!/usr/bin/env node
/* global window, document, localStorage -- code passed to page.evaluate runs in the browser */
/**
 * Screenshots of the storefront at phone (360 px) and desktop (1280 px) width under docs/screens/,
 * and of every back-office screen at desktop width under docs/screens/admin/, taken from the apps as
 * `npm start` builds them (production builds, `node scripts/build-apps.mjs`) against a seeded shop.
 * Before the pictures a shopper signs up, saves an address, pays for an order in the payment sandbox
 * (its confirmation is confirmation-*.png) and leaves products in the cart with the promo code SAVE10
 * applied, so the signed-in pages and the back office show real data; a visitor uploads their logo
 * for a product's artwork option and signs in, so the cart shows a line with its artwork
 * (cart-artwork-*.png).
 *
 *   node bench/web-store/screenshots.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { root } from '../lib/backend.mjs';
import { ADMIN, call, eventually, startShop, stopOnSignal } from './shop.mjs';

const OUT = join(root, 'docs', 'screens');
const PASSWORD = 'Shopper@2025';
const ADDRESS = {
  name: 'Asha Kulkarni',
  phone: '9876543210',
  street: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560038',
  country: 'India',
};
/** Very long pages (infinite lists) are cut here so that a picture stays readable and small. */
const MAX_HEIGHT = 4_000;
const MAX_BYTES = 350 * 1024;
const WIDTHS = {
  phone: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

async function registerShopper(url, name) {
  const username = `${name}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const { token, user } = await call(url, 'POST', '/auth/register', { username, email, password: PASSWORD });
  await call(url, 'POST', '/auth/addresses', { ...ADDRESS, isDefault: true }, token);
  return { token, email, userId: user._id ?? user.id };
}

/** Adds the first products the cart accepts without a customization. */
async function fillCart(url, token, products, count) {
  const added = [];
  for (const product of products) {
    if (added.length === count) break;
    try {
      await call(url, 'POST', '/cart', { productId: product._id, quantity: 2, customization: {} }, token);
      added.push(product);
    } catch {
      // a product that needs a customization choice first: try the next
    }
  }
  return added;
}

/** A made-up studio's logo, drawn here so the artwork in the cart is visibly someone's picture. */
function studioLogo() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#7b2ff7"/><stop offset="1" stop-color="#f107a3"/></linearGradient></defs>
    <rect width="240" height="240" rx="36" fill="url(#g)"/>
    <circle cx="120" cy="100" r="52" fill="none" stroke="#fff" stroke-width="12"/>
    <path d="M96 100 l18 18 l32 -36" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>
    <text x="120" y="200" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">KAVYA</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * As a visitor would: uploads a logo for the first product with an image option (no sign-in, the
 * gateway's guest cart cookie holds the file), then signs up; the merge of the guest cart moves the
 * file to the new customer, and the line keeps it.
 */
async function guestArtworkShopper(url, products) {
  let product;
  let optionId;
  for (const card of products) {
    const { product: full } = await call(url, 'GET', `/products/${card._id}`);
    optionId = full.customizationOptions.find((o) => o.optionId.type === 'image')?.optionId._id;
    if (optionId && full.stock >= 25) {
      product = full;
      break;
    }
  }
  if (!product) throw new Error('no seeded product offers an image option');
  const form = new FormData();
  form.append('file', new Blob([await studioLogo()], { type: 'image/png' }), 'kavya-studio-logo.png');
  const res = await fetch(`${url}/api/cart/uploads`, { method: 'POST', body: form });
  const stored = await res.json();
  if (!res.ok) throw new Error(`guest upload: ${res.status} ${stored.message ?? ''}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('guest_cart='))?.split(';')[0];
  const shopper = await registerShopper(url, 'kavya');
  const { name, size, type, url: link, fileId } = stored;
  const artwork = { name, size, type, url: link, fileId, value: link };
  await call(
    url,
    'POST',
    '/cart/merge',
    { items: [{ productId: product._id, quantity: 25, customization: { dynamicCustomizations: { [optionId]: artwork } } }] },
    shopper.token,
    { cookie },
  );
  return { ...shopper, product };
}

/** The artwork shopper checks out their cart line: staff then see the artwork on the order. */
async function artworkOrder(url, shopper) {
  const { cart } = await call(url, 'GET', '/cart', undefined, shopper.token);
  return placePaidOrder(url, shopper, [shopper.product], [cart.items[0].customization]);
}

async function placePaidOrder(url, shopper, products, customizations = []) {
  const { order } = await call(
    url,
    'POST',
    '/orders',
    {
      products: products.map((p, i) => ({ product: p._id, quantity: i + 1, customization: customizations[i] ?? {} })),
      shippingAddress: {
        fullName: ADDRESS.name,
        phone: ADDRESS.phone,
        email: shopper.email,
        street: ADDRESS.street,
        city: ADDRESS.city,
        state: ADDRESS.state,
        pinCode: ADDRESS.pinCode,
        country: ADDRESS.country,
      },
      coupon: null,
      paymentDetails: { status: 'pending', currency: 'INR', paymentMethod: 'razorpay' },
    },
    shopper.token,
  );
  const created = await call(url, 'POST', '/payments/create-order', { orderId: order._id }, shopper.token);
  const paid = await call(url, 'POST', '/payments/sandbox/pay', {
    key: created.order.key,
    order_id: created.order.id,
    outcome: 'success',
    method: 'card',
  });
  await call(url, 'POST', '/payments/verify', { ...paid, orderId: order._id }, shopper.token);
  await eventually(
    async () => (await call(url, 'GET', `/orders/${order._id}`, undefined, shopper.token)).order?.paymentDetails.status === 'paid',
    'the order to be paid',
  );
  return order;
}

/** Staff cancel the paid order; the payment service refunds it at the sandbox on its next sweep. */
async function cancelledAndRefunded(url, admin, shopper, order) {
  await call(url, 'PATCH', `/admin2009/orders/${order._id}`, { orderStatus: 'Cancelled' }, admin);
  await eventually(
    async () => (await call(url, 'GET', `/orders/${order._id}`, undefined, shopper.token)).order?.paymentDetails.status === 'refunded',
    'the cancelled order to be refunded',
    90_000,
  );
  return order;
}

/** Scrolls through the page so that reveal-on-scroll sections and lazy images are shown, then back up. */
async function revealAll(page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < Math.min(height, MAX_HEIGHT); y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, { timeout: 10_000 }).catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(2_500);
}

async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[role="status"] .spinner, .skeleton'), undefined, { timeout: 10_000 })
    .catch(() => {});
  // Lazy images below the fold never start loading, so the wait is bounded.
  await page
    .waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === 'lazy'), undefined, { timeout: 10_000 })
    .catch(() => {});
}

const taken = [];
/**
 * The viewport is stretched to the page's height before the picture so that fixed and sticky parts
 * (the admin sidebar, the product form's action bar, the floating cart button) sit where a reader
 * expects them instead of where the first screenful left them; big pictures are palette-quantised.
 */
async function shoot(page, file) {
  const path = join(OUT, file);
  const viewport = page.viewportSize();
  const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_HEIGHT);
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    await page.waitForTimeout(500);
    // The taller viewport brings lazy images into view; on a busy machine they take a moment.
    await page.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, { timeout: 15_000 }).catch(() => {});
  }
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await page.setViewportSize(viewport);
  const small = png.length > MAX_BYTES ? await sharp(png).png({ palette: true, quality: 90, effort: 8, compressionLevel: 9 }).toBuffer() : png;
  writeFileSync(path, small);
  taken.push({ file, bytes: small.length });
}

async function storeScreens(browser, shop, shopper, product, artworkShopper, order) {
  const pages = [
    { name: 'home', path: '/', reveal: true },
    { name: 'products', path: '/products' },
    { name: 'product-detail', path: `/product/${product._id}`, gallery: true },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'cart', path: '/cart', signedIn: true },
    { name: 'checkout', path: '/checkout', signedIn: true },
    { name: 'account', path: '/account', signedIn: true },
    { name: 'confirmation', path: `/confirmation/${order._id}`, signedIn: true },
  ];
  for (const [size, device] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ ...device, baseURL: shop.url, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    for (const p of pages) {
      if (p.signedIn && !(await page.evaluate(() => localStorage.getItem('token')))) {
        // The shopper has applied a promo code in the cart: the cart and checkout show it taken off.
        await page.evaluate((token) => {
          localStorage.setItem('token', token);
          localStorage.setItem('promo', 'SAVE10');
        }, shopper.token);
      }
      await page.goto(p.path);
      await settle(page);
      if (p.reveal) await revealAll(page);
      await shoot(page, `${p.name}-${size}.png`);
      if (p.gallery) {
        await page.getByRole('button', { name: 'Show image 3' }).click();
        await page.waitForFunction(() => document.querySelector('.gallery-main img')?.complete, undefined, { timeout: 10_000 });
        await shoot(page, `product-gallery-${size}.png`);
      }
    }
    await page.evaluate((token) => localStorage.setItem('token', token), artworkShopper.token);
    await page.goto('/cart');
    await settle(page);
    await page.waitForFunction(() => [...document.querySelectorAll('.line-artwork img')].every((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: 10_000 });
    await shoot(page, `cart-artwork-${size}.png`);
    if (errors.length) process.stderr.write(`store (${size}) page errors: ${errors.join('; ')}\n`);
    await context.close();
  }
}

async function adminScreens(browser, shop, admin, order, customerId, refunded, withArtwork) {
  mkdirSync(join(OUT, 'admin'), { recursive: true });
  const context = await browser.newContext({ ...WIDTHS.desktop, baseURL: shop.url, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const visit = async (path, file) => {
    await page.goto(`/admin2009${path}`);
    await settle(page);
    await page.waitForTimeout(1_500);
    if (file) await shoot(page, `admin/${file}.png`);
  };

  await visit('/login', 'login');
  await page.evaluate((token) => localStorage.setItem('adminToken', token), admin);
  await visit('/dashboard', 'dashboard');
  await visit('/orders', 'orders');
  await visit(`/orders/${order._id}`, 'order-details');
  await visit(`/orders/${refunded._id}`, 'order-details-refund');
  await visit(`/orders/${withArtwork._id}`);
  await page.waitForFunction(() => [...document.querySelectorAll('.line-files img')].some((i) => i.complete && i.naturalWidth > 0), undefined, { timeout: 10_000 });
  await shoot(page, 'admin/order-details-artwork.png');
  await visit('/products', 'products');
  await page.getByRole('button', { name: 'Add New Product' }).click();
  await settle(page);
  await shoot(page, 'admin/product-form.png');
  await visit('/products');
  await page.getByRole('button', { name: /^Edit / }).first().click();
  await settle(page);
  await page.waitForTimeout(1_000);
  await shoot(page, 'admin/product-form-edit.png');
  await visit('/customers', 'customers');
  await visit(`/customers/${customerId}`, 'customer-detail');
  await visit('/reports', 'reports');
  await visit('/settings', 'settings');
  if (errors.length) process.stderr.write(`admin page errors: ${errors.join('; ')}\n`);
  await context.close();
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const shop = await startShop();
  stopOnSignal(shop);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    const { token: admin } = await call(shop.url, 'POST', '/admin2009/login', ADMIN);
    const { products } = await call(shop.url, 'GET', '/products?limit=48');
    const inStock = products.filter((p) => p.stock >= 5);
    const buyer = await registerShopper(shop.url, 'priya');
    // The products the cart takes without a customization choice are the ones an order takes too.
    const plain = await fillCart(shop.url, buyer.token, inStock, 4);
    await placePaidOrder(shop.url, buyer, plain.slice(0, 3));
    const shopper = await registerShopper(shop.url, 'asha');
    const order = await placePaidOrder(shop.url, shopper, plain.slice(3, 4));
    const refunded = await cancelledAndRefunded(shop.url, admin, shopper, await placePaidOrder(shop.url, shopper, plain.slice(1, 3)));
    // Filled after the orders: paying one empties the cart.
    await fillCart(shop.url, shopper.token, plain.slice(0, 2), 2);

    const detail = products.find((p) => (p.reviewCount ?? p.totalReviews ?? 0) > 0) ?? products[0];
    const artworkShopper = await guestArtworkShopper(shop.url, inStock);
    await storeScreens(browser, shop, shopper, detail, artworkShopper, order);
    const withArtwork = await artworkOrder(shop.url, artworkShopper);
    await adminScreens(browser, shop, admin, order, buyer.userId, refunded, withArtwork);
    for (const { file, bytes } of taken) process.stdout.write(`${file.padEnd(36)} ${(bytes / 1024).toFixed(0)} KB\n`);
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
