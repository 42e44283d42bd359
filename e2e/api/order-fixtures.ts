import { databaseUrl } from '@shop/kit';
import { gstinCheckCharacter } from '@shop/proto';
import type { OrderDocumentView } from '@shop/proto';
import { Client } from 'pg';
import type { Backend } from '../harness/backend';
import type { api } from '../harness/http';
import { eventually } from './back-office-support';
import { productPayload } from './catalog-support';
import { pdfText } from './pdf-text';

/**
 * What the order API tests share: a delivery address, products in the catalog, an order's documents
 * (invoice, receipt, credit note) as PDFs, and the order database.
 */

export type Http = ReturnType<typeof api>;

/** The delivery address as the checkout screen sends it. */
export const ADDRESS = {
  fullName: 'Asha Kulkarni',
  phone: '9876543210',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
  country: 'India',
};

/** A GSTIN with its check character, from its first 14 characters. */
export const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);

/** A seller registered in Maharashtra (the GSTN's own example PAN), and a delivery address in Karnataka. */
export const SELLER_GSTIN = gstinOf('27AAPFU0939F1Z');
export const BENGALURU = {
  ...ADDRESS,
  street: '7 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560025',
};

/** The business settings of a registered seller, as the back office saves them. */
export const SELLER = {
  businessName: 'MS & Jaksh',
  businessEmail: 'accounts@msjaksh.example',
  businessPhone: '9822000000',
  businessAddress: '4 Industrial Estate, Bhosari, Pune 411026',
  businessState: 'Maharashtra',
  gstNumber: SELLER_GSTIN,
};

let productSeq = 0;

/** Creates a product through the back office and answers its id. Price in rupees. */
export async function createProduct(
  http: Http,
  admin: string,
  options: { price: number; stock: number; name?: string; customizations?: unknown[]; images?: string[] },
): Promise<string> {
  productSeq += 1;
  const res = await http.post(
    '/admin2009/products',
    productPayload({
      name: options.name ?? `Order test product ${productSeq}`,
      price: String(options.price),
      stock: String(options.stock),
      images: options.images ?? [],
      customizations: options.customizations ?? [],
    }),
    admin,
  );
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`product create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id ?? res.body.product._id;
}

/** Units a shopper can still buy, as the storefront reads them. */
export async function availableStock(http: Http, productId: string): Promise<number> {
  const res = await http.get(`/products/${productId}`);
  return (res.body.product ?? res.body).stock;
}

/** A checkout-screen order body for these lines. */
export function checkoutBody(
  lines: { product: string; quantity: number; customization?: unknown }[],
  extra: Record<string, unknown> = {},
) {
  return {
    products: lines.map((l) => ({
      product: l.product,
      quantity: l.quantity,
      customization: l.customization ?? {},
    })),
    shippingAddress: ADDRESS,
    paymentDetails: { status: 'pending', amount: 0, currency: 'INR' },
    ...extra,
  };
}

/** The order's document of this kind, once the order service has issued it (as order history lists it). */
export async function issuedDocument(
  http: Http,
  orderId: string,
  token: string,
  kind: OrderDocumentView['kind'],
): Promise<OrderDocumentView> {
  const documents = await eventually(
    async () =>
      ((await http.get(`/orders/${orderId}`, token)).body.order?.documents ?? []) as OrderDocumentView[],
    (found) => found.some((d) => d.kind === kind),
    `the ${kind} of order ${orderId}`,
  );
  return documents.find((d) => d.kind === kind)!;
}

/** Downloads a document as the browser does (`/api${path}`), with the text its PDF shows. */
export async function downloadDocument(baseUrl: string, path: string, token?: string) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: pdfText(bytes).join('\n') };
}

/** A connection to the order service's own database, to look at what the API cannot show. */
export async function orderDb(backend: Backend): Promise<Client> {
  const db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.order) });
  await db.connect();
  return db;
}

export async function catalogDb(backend: Backend): Promise<Client> {
  const db = new Client({
    connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.catalog),
  });
  await db.connect();
  return db;
}
