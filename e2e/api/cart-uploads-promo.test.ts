import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Backend } from '../harness/backend';
import { pngBytes } from './catalog-support';
import {
  adminLogin,
  artworkLink,
  createProduct,
  Http,
  newCustomer,
  startCartBackend,
  uploadCustomization as upload,
} from './cart-support';

jest.setTimeout(60_000);

describe('cart: customization uploads and the promo preview', () => {
  let backend: Backend;
  let http: Http;
  let uploadsDir: string;
  let admin: string;

  beforeAll(async () => {
    ({ backend, http, uploadsDir } = await startCartBackend(['user', 'catalog', 'cart', 'order']));
    admin = await adminLogin(http);
  });
  afterAll(() => backend?.stop());

  describe('POST /cart/uploads', () => {
    it('stores an image under a new name and answers {name, size, type, url, fileId}', async () => {
      const token = newCustomer().token;
      const bytes = await pngBytes(120, 80);
      const res = await upload(backend.url, token, { name: 'our logo.png', type: 'image/png', bytes });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        name: 'our logo.png',
        size: bytes.length,
        type: 'image/png',
      });
      expect(res.body.fileId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.url).toEqual(artworkLink(res.body.fileId));
      const stored = join(uploadsDir, 'customizations', `${res.body.fileId}.png`);
      expect(existsSync(stored)).toBe(true);
      expect(readFileSync(stored).equals(bytes)).toBe(true);
      const served = await fetch(`${backend.url}${res.body.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('judges the type by the bytes: a JPEG sent as a .txt is an image, text named .png is not', async () => {
      const token = newCustomer().token;
      const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } })
        .jpeg()
        .toBuffer();
      const disguisedImage = await upload(backend.url, token, {
        name: 'notes.txt',
        type: 'text/plain',
        bytes: jpeg,
      });
      expect(disguisedImage.status).toBe(201);
      expect(disguisedImage.body).toMatchObject({
        type: 'image/jpeg',
        url: artworkLink(disguisedImage.body.fileId, 'jpg'),
      });

      const disguisedText = await upload(backend.url, token, {
        name: 'logo.png',
        type: 'image/png',
        bytes: Buffer.from('this is plain text, not a picture'),
      });
      expect(disguisedText.status).toBe(400);
      expect(disguisedText.body).toMatchObject({ success: false, message: 'Please upload only image files' });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect(
        (await upload(backend.url, token, { name: 'logo.svg', type: 'image/svg+xml', bytes: svg })).body
          .message,
      ).toBe('Please upload only image files');
    });

    it("refuses an image larger than 2 MB with 'File size must be less than 2MB'", async () => {
      const token = newCustomer().token;
      const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await upload(backend.url, token, { name: 'huge.png', type: 'image/png', bytes: noise });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, message: 'File size must be less than 2MB' });
    });

    it('needs a file under the field `file`, and a token that is valid when one is sent', async () => {
      const bytes = await pngBytes();
      expect(
        (await upload(backend.url, 'not-a-token', { name: 'a.png', type: 'image/png', bytes })).status,
      ).toBe(401);
      const wrongField = await upload(
        backend.url,
        newCustomer().token,
        { name: 'a.png', type: 'image/png', bytes },
        'images',
      );
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toBe('Please choose an image file to upload');
    });
  });

  describe('uploaded files on a cart line', () => {
    it('keeps the uploaded file on the line, described as the server stored it', async () => {
      const tee = await createProduct(http, backend, admin, {
        name: 'Printed T-shirt',
        category: 'Gifts',
        price: 499,
        stock: 50,
        allowsImageUpload: true,
        availableSizes: ['M', 'L'],
      });
      const token = newCustomer().token;
      const stored = (
        await upload(backend.url, token, {
          name: 'team.png',
          type: 'image/png',
          bytes: await pngBytes(60, 60),
        })
      ).body;
      const claimed = { fileId: stored.fileId, name: 'renamed.png', size: 1, type: 'image/gif' };
      const res = await http.post(
        '/cart',
        { productId: tee._id, quantity: 2, customization: { size: 'L', uploadedFiles: [claimed] } },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.cart.items[0].customization).toEqual({
        size: 'L',
        uploadedFiles: [
          { name: 'team.png', size: stored.size, type: 'image/png', url: artworkLink(stored.fileId), fileId: stored.fileId },
        ],
      });
      expect(res.body.cart.items[0].product).toMatchObject({
        allowsImageUpload: true,
        availableSizes: ['M', 'L'],
      });
      const again = await http.post(
        '/cart',
        { productId: tee._id, quantity: 1, customization: { uploadedFiles: [{ ...claimed }], size: 'L' } },
        token,
      );
      expect(again.body.cart.items).toHaveLength(1);
      expect(again.body.cart.items[0].quantity).toBe(3);
    });

    it("refuses a file another customer uploaded with 'Uploaded file not found'", async () => {
      const mug = await createProduct(http, backend, admin, {
        name: 'Photo Mug',
        category: 'Drinkware',
        price: 349,
        stock: 20,
        allowsImageUpload: true,
      });
      const owner = newCustomer().token;
      const stored = (
        await upload(backend.url, owner, { name: 'family.png', type: 'image/png', bytes: await pngBytes() })
      ).body;
      const res = await http.post(
        '/cart',
        { productId: mug._id, customization: { uploadedFiles: [stored] } },
        newCustomer().token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Uploaded file not found');
      const unknown = await http.post(
        '/cart',
        { productId: mug._id, customization: { uploadedFiles: [{ ...stored, fileId: randomUUID() }] } },
        owner,
      );
      expect(unknown.body.message).toBe('Uploaded file not found');
    });

    it('refuses a described file that is not an image or is over 2 MB', async () => {
      const mug = await createProduct(http, backend, admin, {
        name: 'Magic Mug',
        category: 'Drinkware',
        price: 399,
        stock: 20,
      });
      const token = newCustomer().token;
      const pdf = await http.post(
        '/cart',
        {
          productId: mug._id,
          customization: { uploadedFiles: [{ name: 'brief.pdf', size: 1000, type: 'application/pdf' }] },
        },
        token,
      );
      expect(pdf.body.message).toBe('Please upload only image files');
      const big = await http.post(
        '/cart',
        {
          productId: mug._id,
          customization: { uploadedFiles: [{ name: 'big.png', size: 3_000_000, type: 'image/png' }] },
        },
        token,
      );
      expect(big.body.message).toBe('File size must be less than 2MB');
    });
  });

  describe('POST /cart/promo', () => {
    it('previews what SAVE10 and BULK20 take off the cart, as the order service decides', async () => {
      const diary = await createProduct(http, backend, admin, {
        name: 'Desk Diary',
        category: 'Stationery',
        price: 450,
        stock: 100,
      });
      const token = newCustomer().token;
      await http.post('/cart', { productId: diary._id, quantity: 2 }, token);
      const save10 = await http.post('/cart/promo', { code: 'SAVE10' }, token);
      expect(save10.status).toBe(200);
      expect(save10.body).toEqual({
        success: true,
        code: 'SAVE10',
        percent: 10,
        discount: 90,
        subtotal: 900,
        shipping: 99,
        total: 909,
      });
      const bulk20 = await http.post('/cart/promo', { code: ' bulk20 ' }, token);
      expect(bulk20.body).toMatchObject({
        success: true,
        code: 'BULK20',
        percent: 20,
        discount: 180,
        subtotal: 900,
        total: 819,
      });
    });

    it('previews a code for a visitor on the guest cart sent along, priced by the shop, not by the browser', async () => {
      const cards = await createProduct(http, backend, admin, {
        name: 'Thank-you Cards',
        category: 'Stationery',
        price: 300,
        stock: 50,
      });
      const guestCart = [{ productId: cards._id, quantity: 3, customization: {}, price: 1 }];
      const save10 = await http.post('/cart/promo', { code: 'save10', items: guestCart });
      expect(save10.status).toBe(200);
      expect(save10.body).toEqual({
        success: true,
        code: 'SAVE10',
        percent: 10,
        discount: 90,
        subtotal: 900,
        shipping: 99,
        total: 909,
      });

      const checkoutOnly = await http.post('/cart/promo', { code: 'WELCOME10', items: guestCart });
      expect(checkoutOnly.status).toBe(400);
      expect(checkoutOnly.body).toMatchObject({ success: false, message: 'Invalid promo code' });

      const staff = await http.post('/cart/promo', { code: 'SAVE10', items: guestCart }, admin);
      expect(staff.status).toBe(401);
    });

    it("answers 400 'Invalid promo code' for a code the shop does not have, or none", async () => {
      const token = newCustomer().token;
      for (const code of ['FREESTUFF', '', 'WELCOME10']) {
        const res = await http.post('/cart/promo', { code }, token);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, status: 400, message: 'Invalid promo code' });
      }
    });
  });
});
