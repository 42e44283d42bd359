import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import type { ProductView } from '@shop/proto';
import type { Backend } from '../harness/backend';
import { eventually } from '../harness/shop';
import { verifyEmailOf } from '../harness/verification';
import { pngBytes } from './catalog-support';
import {
  artworkLink,
  adminLogin,
  createProduct,
  Http,
  newCustomer,
  registerCustomer,
  startCartBackend,
  uploadCustomization,
} from './cart-support';
import { checkoutBody } from './order-fixtures';

jest.setTimeout(90_000);

const COOKIE = 'guest_cart';

/** The `guest_cart=<id>` pair a Set-Cookie list sets, to send back as a browser would. */
function guestCookie(setCookies: string[]): string | undefined {
  return setCookies.find((c) => c.startsWith(`${COOKIE}=`))?.split(';')[0];
}

describe('guest uploads: a visitor keeps their artwork through sign-in', () => {
  let backend: Backend;
  let http: Http;
  let uploadsDir: string;
  let cartDb: Client;
  let mug: ProductView;
  let badge: ProductView;
  let artworkOption: string;

  /** A visitor's upload; with no cookie the visitor is new and gets one. */
  const guestUpload = async (cookie?: string, name = 'artwork.png') =>
    uploadCustomization(
      backend.url,
      undefined,
      { name, type: 'image/png', bytes: await pngBytes(80, 60) },
      'file',
      cookie,
    );

  const merge = (token: string, items: unknown[], cookie?: string) =>
    http.request('POST', '/cart/merge', { body: { items }, token, headers: cookie ? { cookie } : {} });

  const line = (fileId: string, name = 'artwork.png') => ({
    productId: mug._id,
    quantity: 2,
    customization: { uploadedFiles: [{ fileId, name, size: 1, type: 'image/png' }] },
  });

  const uploadRow = async (fileId: string) =>
    (
      await cartDb.query<{ user_id: string | null; guest_key: string | null; path: string }>(
        `SELECT user_id, guest_key, path FROM customization_uploads WHERE id = $1`,
        [fileId],
      )
    ).rows[0];

  beforeAll(async () => {
    ({ backend, http, uploadsDir } = await startCartBackend(['user', 'catalog', 'cart', 'order'], {
      GUEST_UPLOAD_SWEEP_SECONDS: '1',
    }));
    cartDb = new Client({
      connectionString: backend.env.DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases.cart}`),
    });
    await cartDb.connect();
    const admin = await adminLogin(http);
    mug = await createProduct(http, backend, admin, {
      name: 'Photo Mug',
      category: 'Drinkware',
      price: 349,
      stock: 50,
      allowsImageUpload: true,
    });
    const option = await http.post(
      '/customizations',
      {
        name: 'Upload Your Artwork',
        type: 'image',
        description: 'Your logo or photo',
        priceModifier: { type: 'fixed', operator: '+', value: 20 },
        isActive: true,
        isDefault: false,
      },
      admin,
    );
    artworkOption = option.body.customization._id;
    badge = await createProduct(http, backend, admin, {
      name: 'Pin Badge',
      category: 'Gifts',
      price: 99,
      stock: 50,
      allowsImageUpload: true,
      customizations: [{ optionId: artworkOption, enabled: true }],
    });
  });
  afterAll(async () => {
    await cartDb?.end();
    await backend?.stop();
  });

  it("stores a visitor's image and names their guest cart in an httpOnly, SameSite=Lax cookie", async () => {
    const first = await guestUpload();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, name: 'artwork.png', type: 'image/png' });
    expect(first.body.url).toEqual(artworkLink(first.body.fileId));
    expect(existsSync(join(uploadsDir, 'customizations', `${first.body.fileId}.png`))).toBe(true);
    const setCookie = first.setCookies.find((c) => c.startsWith(`${COOKIE}=`));
    expect(setCookie).toMatch(/^guest_cart=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\/api\/cart/);
    const cookie = guestCookie(first.setCookies)!;

    const second = await guestUpload(cookie, 'back.png');
    expect(second.status).toBe(201);
    expect(guestCookie(second.setCookies)).toBe(cookie);
    const [a, b] = [await uploadRow(first.body.fileId), await uploadRow(second.body.fileId)];
    expect(a.user_id).toBeNull();
    expect(a.guest_key).toMatch(/^[0-9a-f]{64}$/);
    expect(a.guest_key).not.toBe(cookie.split('=')[1]);
    expect(b.guest_key).toBe(a.guest_key);
  });

  it("holds a visitor's file to the same checks as a customer's: the bytes must be an image, at most 2 MB", async () => {
    const text = await uploadCustomization(backend.url, undefined, {
      name: 'logo.png',
      type: 'image/png',
      bytes: Buffer.from('this is plain text, not a picture'),
    });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ success: false, message: 'Please upload only image files' });

    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const huge = await uploadCustomization(backend.url, undefined, {
      name: 'huge.png',
      type: 'image/png',
      bytes: noise,
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, message: 'File size must be less than 2MB' });

    const wrongField = await uploadCustomization(
      backend.url,
      undefined,
      { name: 'a.png', type: 'image/png', bytes: await pngBytes() },
      'images',
    );
    expect(wrongField.body.message).toBe('Please choose an image file to upload');
  });

  it("moves the visitor's files to the customer at the sign-in merge, so the line and the order keep the artwork", async () => {
    const uploaded = await guestUpload(undefined, 'team logo.png');
    const cookie = guestCookie(uploaded.setCookies)!;
    const { fileId, url, size } = uploaded.body;
    const token = await registerCustomer(http);
    // Checkout takes verified addresses only (the shop's default).
    await verifyEmailOf(http, backend, token);

    const merged = await merge(token, [line(fileId, 'renamed.png')], cookie);
    expect(merged.status).toBe(200);
    const file = { name: 'team logo.png', size, type: 'image/png', url: artworkLink(fileId), fileId };
    expect(merged.body.cart.items).toHaveLength(1);
    expect(merged.body.cart.items[0].customization).toEqual({ uploadedFiles: [file] });
    // The guest cart is done with: its cookie is cleared on the cart's path.
    expect(merged.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=;`))).toMatch(
      /Path=\/api\/cart/,
    );
    const row = await uploadRow(fileId);
    expect(row.guest_key).toBeNull();
    const me = await http.get('/auth/me', token);
    expect(row.user_id).toBe(me.body.user._id);

    // Merging again (a second tab) moves nothing twice and keeps the file.
    const again = await merge(token, [], cookie);
    expect(again.status).toBe(200);
    expect(again.body.cart.items[0].customization).toEqual({ uploadedFiles: [file] });

    const order = await http.post(
      '/orders',
      checkoutBody([
        { product: mug._id, quantity: 2, customization: merged.body.cart.items[0].customization },
      ]),
      token,
    );
    expect(order.status).toBe(201);
    expect(order.body.order.products[0].customization).toEqual({ uploadedFiles: [file] });
    const stored = await http.get(`/orders/${order.body.order._id}`, token);
    expect(stored.body.order.products[0].customization.uploadedFiles).toEqual([file]);
    const served = await fetch(`${backend.url}${url}`);
    expect(served.status).toBe(200);
  });

  it("vouches for an image option's file like a design: moved at sign-in, priced, and refused to anyone else", async () => {
    const uploaded = await guestUpload(undefined, 'badge art.png');
    const cookie = guestCookie(uploaded.setCookies)!;
    const { fileId, url, size } = uploaded.body;
    // As the product page sets it: the upload's answer, with the link as the option's value.
    const chosen = {
      name: 'badge art.png',
      size,
      type: 'image/png',
      url: '/elsewhere/x.png',
      fileId,
      value: url,
    };
    const optionLine = {
      productId: badge._id,
      quantity: 1,
      customization: { dynamicCustomizations: { [artworkOption]: chosen } },
    };

    const stranger = await http.post('/cart', optionLine, newCustomer().token);
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Uploaded file not found');

    const customer = newCustomer();
    const merged = await merge(customer.token, [optionLine], cookie);
    expect(merged.status).toBe(200);
    const [item] = merged.body.cart.items;
    expect(item.customization.dynamicCustomizations[artworkOption]).toEqual({
      name: 'badge art.png',
      size,
      type: 'image/png',
      url: artworkLink(fileId),
      fileId,
      value: artworkLink(fileId),
    });
    expect(item.unitPrice).toBe(119);

    const order = await http.post(
      '/orders',
      checkoutBody([{ product: badge._id, quantity: 1, customization: item.customization }]),
      customer.token,
    );
    expect(order.status).toBe(201);
    expect(order.body.order.products[0].customization.dynamicCustomizations[artworkOption]).toMatchObject({
      fileId,
      url: artworkLink(fileId),
    });
    const lifted = await http.post(
      '/orders',
      checkoutBody([{ product: badge._id, quantity: 1, customization: item.customization }]),
      newCustomer().token,
    );
    expect(lifted.status).toBe(400);
    expect(lifted.body.message).toBe('Uploaded file not found');
  });

  it("never lets another visitor or customer claim a guest's file", async () => {
    const owner = await guestUpload();
    const ownerCookie = guestCookie(owner.setCookies)!;
    const { fileId } = owner.body;

    // Another visitor, with a guest cart of their own, signs in naming the first visitor's file.
    const other = await guestUpload();
    const otherCookie = guestCookie(other.setCookies)!;
    const otherCustomer = newCustomer();
    const theirs = await merge(otherCustomer.token, [line(fileId)], otherCookie);
    expect(theirs.status).toBe(200);
    expect(theirs.body.cart.items[0].customization).toEqual({ uploadedFiles: [{ name: 'artwork.png' }] });

    // A made-up guest cart id names no one's files.
    const forged = `${COOKIE}=${randomBytes(32).toString('base64url')}`;
    const forger = newCustomer();
    const forgedMerge = await merge(forger.token, [line(fileId)], forged);
    expect(forgedMerge.body.cart.items[0].customization).toEqual({
      uploadedFiles: [{ name: 'artwork.png' }],
    });

    // A customer adding the file to their cart is told it is not found, as for another customer's.
    const added = await http.post('/cart', line(fileId), newCustomer().token);
    expect(added.status).toBe(400);
    expect(added.body.message).toBe('Uploaded file not found');

    // Nor can anyone check out with it.
    const checkout = await http.post(
      '/orders',
      checkoutBody([{ product: mug._id, quantity: 1, customization: line(fileId).customization }]),
      otherCustomer.token,
    );
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toBe('Uploaded file not found');

    const row = await uploadRow(fileId);
    expect(row.user_id).toBeNull();
    expect(row.guest_key).not.toBeNull();
    // The owner still has it when they sign in.
    const mine = await merge(newCustomer().token, [line(fileId)], ownerCookie);
    expect(mine.body.cart.items[0].customization.uploadedFiles[0]).toMatchObject({ fileId });
  });

  it('sweeps a guest file no sign-in claimed once it is older than GUEST_UPLOAD_MAX_AGE_HOURS, row and bytes', async () => {
    const abandoned = (await guestUpload()).body;
    const fresh = (await guestUpload()).body;
    const customer = newCustomer();
    const customers = (
      await uploadCustomization(backend.url, customer.token, {
        name: 'kept.png',
        type: 'image/png',
        bytes: await pngBytes(),
      })
    ).body;
    // 73 hours ago: past the default 72 for the guest's file; a customer's file is never swept.
    await cartDb.query(
      `UPDATE customization_uploads SET created_at = now() - interval '73 hours' WHERE id = ANY($1)`,
      [[abandoned.fileId, customers.fileId]],
    );
    const abandonedPath = join(uploadsDir, (await uploadRow(abandoned.fileId)).path);
    expect(existsSync(abandonedPath)).toBe(true);

    await eventually(
      async () => (await uploadRow(abandoned.fileId)) === undefined && !existsSync(abandonedPath),
      'the sweep of the abandoned guest file',
    );
    expect(await uploadRow(fresh.fileId)).toBeDefined();
    expect(existsSync(join(uploadsDir, 'customizations', `${fresh.fileId}.png`))).toBe(true);
    expect(await uploadRow(customers.fileId)).toBeDefined();
    expect((await fetch(`${backend.url}${abandoned.url}`)).status).toBe(404);
  });
});
