import {
  CartCustomization,
  CASH_ON_DELIVERY,
  DEFAULT_HSN_CODE,
  DocumentKind,
  gstinState,
  gstStateCodeOf,
  istDay,
  Paise,
  roundToWholeRupees,
  ShippingAddressInput,
  SHIPPING_METHOD_LABELS,
  SHIPPING_SAC_CODE,
  ShippingMethod,
  ShopSettings,
} from '@shop/proto';
import { amountInWords } from './amount-in-words';

/**
 * An invoice, receipt or credit note exactly as issued: every figure in paise, both parties, the
 * lines and the totals. It is stored once as JSON and is the only source of its PDF, so a later
 * change of product, price or settings never changes a document.
 */
export interface InvoiceDocument {
  kind: DocumentKind;
  /** "Tax Invoice", "Receipt" or "Credit Note". */
  title: string;
  number: string;
  issuedAt: string;
  /** The date of issue in IST, `YYYY-MM-DD`. */
  issueDate: string;
  /** False while the shop has no GSTIN: a receipt, which charges no GST as such. */
  registered: boolean;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  /** The delivery state. */
  placeOfSupply: DocumentState;
  /** CGST and SGST within the seller's state, else IGST; `none` on a receipt. */
  taxSplit: TaxSplit;
  order: DocumentOrder;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** A credit note: the invoice it reverses, and why. */
  reverses: { number: string; issueDate: string; reason: string } | null;
}

export type TaxSplit = 'cgst-sgst' | 'igst' | 'none';

export interface DocumentState {
  name: string;
  /** GST's two-digit state code; null for a state GST does not list. */
  code: string | null;
}

export interface DocumentSeller {
  name: string;
  address: string;
  state: DocumentState | null;
  gstin: string | null;
  phone: string;
  email: string;
}

export interface DocumentBuyer {
  name: string;
  /** The business buyer's registered name and GSTIN, as given at checkout. */
  companyName: string | null;
  gstin: string | null;
  addressLines: string[];
  state: DocumentState;
  phone: string;
  email: string | null;
}

export interface DocumentOrder {
  id: string;
  /** 'ORD-' and the id's last 8 characters, as the back office shows it. */
  reference: string;
  placedOn: string;
  paymentMethod: string;
  paymentId: string | null;
  shippingMethod: string;
  coupon: string | null;
}

export interface DocumentLine {
  description: string;
  /** The line's customisation in a few words; null when it has none. */
  details: string | null;
  /** HSN for goods, SAC for the shipping service. */
  code: string;
  codeKind: 'HSN' | 'SAC';
  quantity: number;
  unitPricePaise: Paise;
  /** Quantity times unit price. */
  grossPaise: Paise;
  /** The line's share of the coupon's discount. */
  discountPaise: Paise;
  taxablePaise: Paise;
  /** False for shipping the shop does not tax: it is charged at its value with no GST. */
  taxed: boolean;
  ratePercent: number;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /** The line's tax: CGST and SGST, or IGST, or on a receipt the tax checkout charged under no GST name. */
  taxPaise: Paise;
  /** Taxable value plus its tax. */
  totalPaise: Paise;
}

export interface DocumentTotals {
  /** The taxable lines' value, after discount. */
  taxablePaise: Paise;
  /** Charges on which no GST is levied (shipping, when the shop does not tax it). */
  untaxedPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
  /** What makes the total equal what was charged: checkout rounds tax and total to whole rupees. */
  roundOffPaise: Paise;
  totalPaise: Paise;
  inWords: string;
}

/** What a sale's document is made from: the order as placed and paid, its lines, and the shop. */
export interface SaleSource {
  order: {
    id: string;
    createdAt: Date;
    paymentMethod: string;
    paymentId: string | null;
    shippingMethod: ShippingMethod;
    subtotalPaise: Paise;
    discountPaise: Paise;
    shippingPaise: Paise;
    taxPaise: Paise;
    taxRate: number;
    totalPaise: Paise;
    couponCode: string | null;
    shippingAddress: ShippingAddressInput;
    buyerGstin: string | null;
    buyerCompany: string | null;
  };
  lines: {
    position: number;
    name: string;
    hsnCode: string | null;
    quantity: number;
    unitPricePaise: Paise;
    customization: CartCustomization | null;
  }[];
  settings: Pick<
    ShopSettings,
    | 'businessName'
    | 'businessAddress'
    | 'businessState'
    | 'businessPhone'
    | 'businessEmail'
    | 'gstNumber'
    | 'applyTaxToShipping'
  >;
}

/** A tax invoice while the shop has a GSTIN, else a receipt. */
export const saleKindOf = (settings: Pick<ShopSettings, 'gstNumber'>): 'invoice' | 'receipt' =>
  settings.gstNumber.trim() ? 'invoice' : 'receipt';

const TITLES: Record<DocumentKind, string> = {
  invoice: 'Tax Invoice',
  receipt: 'Receipt',
  'credit-note': 'Credit Note',
};

/** `rate` percent of an amount, to the nearest paisa (halves up), exactly for rates of up to two decimals. */
export function percentOf(amount: Paise, ratePercent: number): Paise {
  const basisPoints = BigInt(Math.round(ratePercent * 100));
  return Number((BigInt(amount) * basisPoints * 2n + 10_000n) / 20_000n);
}

/**
 * The coupon's discount spread over the lines in proportion to their value, each share rounded
 * down and the remainder on the last line; a share never exceeds its line's value.
 */
export function allocateDiscount(grossPaise: readonly Paise[], discountPaise: Paise): Paise[] {
  const total = grossPaise.reduce((sum, gross) => sum + gross, 0);
  if (grossPaise.length === 0 || discountPaise <= 0 || total <= 0) return grossPaise.map(() => 0);
  const discount = Math.min(discountPaise, total);
  const shares = grossPaise.map((gross) => Number((BigInt(discount) * BigInt(gross)) / BigInt(total)));
  const last = shares.length - 1;
  shares[last] += discount - shares.reduce((sum, share) => sum + share, 0);
  // Only a discount close to the whole order can leave the last line more than its value.
  for (let i = last - 1; shares[last] > grossPaise[last] && i >= 0; i -= 1) {
    const moved = Math.min(shares[last] - grossPaise[last], grossPaise[i] - shares[i]);
    shares[i] += moved;
    shares[last] -= moved;
  }
  return shares;
}

/**
 * Whether the order's GST covered shipping, read from how it was priced: checkout taxes the
 * discounted goods, plus shipping when `applyTaxToShipping` was on, and rounds the tax to whole
 * rupees (`orderTotals`). When both readings give the charged tax (shipping too small to change
 * it), or neither does, the shop's setting at issue decides.
 */
export function shippingWasTaxed(order: SaleSource['order'], applyTaxToShipping: boolean): boolean {
  if (order.shippingPaise <= 0) return false;
  const goods = order.subtotalPaise - order.discountPaise;
  const taxOn = (taxable: Paise) => roundToWholeRupees((taxable * order.taxRate) / 100);
  const withShipping = taxOn(goods + order.shippingPaise) === order.taxPaise;
  const withoutShipping = taxOn(goods) === order.taxPaise;
  return withShipping === withoutShipping ? applyTaxToShipping : withShipping;
}

/** The customisation in a few words: size, chosen options, artwork and the shopper's note. */
export function customisationSummary(customization: CartCustomization | null): string | null {
  if (!customization) return null;
  const parts: string[] = [];
  if (customization.size) parts.push(`Size ${customization.size}`);
  const options = Object.values(customization.dynamicCustomizations ?? {})
    .map((v) => (v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v))
    .filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v))
    .map((v) => (typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v).trim()))
    .filter((v) => v !== '' && !v.startsWith('/uploads/'));
  if (options.length) parts.push(options.join(', '));
  const files = customization.uploadedFiles?.length ?? 0;
  if (files) parts.push(files === 1 ? 'your artwork' : `your artwork (${files} files)`);
  const note = customization.comments?.trim();
  if (note) parts.push(`Note: ${note.length > 80 ? `${note.slice(0, 79)}…` : note}`);
  const summary = parts.join('; ');
  return summary ? clip(summary, 200) : null;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  [CASH_ON_DELIVERY]: 'Cash on delivery',
  razorpay: 'Online (Razorpay)',
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
};

export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method.toLowerCase()] ??
  (method ? method[0].toUpperCase() + method.slice(1) : 'Online');

function stateOf(name: string): DocumentState {
  return { name, code: gstStateCodeOf(name) };
}

function sellerOf(settings: SaleSource['settings']): DocumentSeller {
  const gstin = settings.gstNumber.trim() || null;
  const stateName = settings.businessState.trim() || (gstin ? gstinState(gstin) : null);
  return {
    name: settings.businessName.trim(),
    address: settings.businessAddress.trim(),
    state: stateName ? stateOf(stateName) : null,
    gstin,
    phone: settings.businessPhone.trim(),
    email: settings.businessEmail.trim(),
  };
}

function buyerOf(order: SaleSource['order']): DocumentBuyer {
  const a = order.shippingAddress;
  return {
    name: a.fullName,
    companyName: order.buyerGstin ? order.buyerCompany : null,
    gstin: order.buyerGstin,
    addressLines: [a.street, `${a.city}, ${a.state} ${a.pinCode}`, a.country].filter(Boolean),
    state: stateOf(a.state),
    phone: a.phone,
    email: a.email ?? null,
  };
}

function taxSplitOf(seller: DocumentSeller, placeOfSupply: DocumentState): TaxSplit {
  if (!seller.gstin) return 'none';
  const sellerState = seller.state?.code ?? seller.state?.name;
  const supplyState = placeOfSupply.code ?? placeOfSupply.name;
  return sellerState === supplyState ? 'cgst-sgst' : 'igst';
}

function line(
  fields: Pick<
    DocumentLine,
    | 'description'
    | 'details'
    | 'code'
    | 'codeKind'
    | 'quantity'
    | 'unitPricePaise'
    | 'discountPaise'
    | 'taxed'
  >,
  ratePercent: number,
  split: TaxSplit,
): DocumentLine {
  const grossPaise = fields.quantity * fields.unitPricePaise;
  const taxablePaise = grossPaise - fields.discountPaise;
  const rate = fields.taxed ? ratePercent : 0;
  // Each half is worked out on its own, so CGST and SGST are always equal.
  const half = split === 'cgst-sgst' ? percentOf(taxablePaise, rate / 2) : 0;
  const whole = split === 'cgst-sgst' ? 0 : percentOf(taxablePaise, rate);
  const taxPaise = 2 * half + whole;
  return {
    ...fields,
    grossPaise,
    taxablePaise,
    ratePercent: rate,
    cgstPaise: half,
    sgstPaise: half,
    igstPaise: split === 'igst' ? whole : 0,
    taxPaise,
    totalPaise: taxablePaise + taxPaise,
  };
}

function totalsOf(lines: readonly DocumentLine[], chargedPaise: Paise): DocumentTotals {
  const sum = (pick: (l: DocumentLine) => Paise, of = lines) => of.reduce((s, l) => s + pick(l), 0);
  const taxed = lines.filter((l) => l.taxed);
  const totals = {
    taxablePaise: sum((l) => l.taxablePaise, taxed),
    untaxedPaise: sum(
      (l) => l.taxablePaise,
      lines.filter((l) => !l.taxed),
    ),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    taxPaise: sum((l) => l.taxPaise),
  };
  return {
    ...totals,
    roundOffPaise: chargedPaise - (totals.taxablePaise + totals.untaxedPaise + totals.taxPaise),
    totalPaise: chargedPaise,
    inWords: amountInWords(chargedPaise),
  };
}

/**
 * The tax invoice (or receipt) of a paid order. Each line's taxable value is its price less its
 * share of the coupon, taxed at the order's rate: CGST and SGST at half the rate each when the
 * place of supply (the delivery state) is the seller's state, else IGST. A receipt, issued while
 * the shop has no GSTIN, shows the tax checkout charged under no GST name, so that its figures
 * still add up to what was paid. The round-off line makes the total exactly the
 * amount charged.
 */
export function saleDocument(
  source: SaleSource,
  issue: { kind: 'invoice' | 'receipt'; number: string; issuedAt: Date },
): InvoiceDocument {
  const { order, settings } = source;
  const seller = sellerOf(settings);
  const buyer = buyerOf(order);
  const placeOfSupply = buyer.state;
  const split = issue.kind === 'invoice' ? taxSplitOf(seller, placeOfSupply) : 'none';
  const goods = [...source.lines].sort((a, b) => a.position - b.position);
  const discounts = allocateDiscount(
    goods.map((l) => l.quantity * l.unitPricePaise),
    order.discountPaise,
  );
  const lines = goods.map((l, i) =>
    line(
      {
        description: l.name,
        details: customisationSummary(l.customization),
        code: l.hsnCode || DEFAULT_HSN_CODE,
        codeKind: 'HSN',
        quantity: l.quantity,
        unitPricePaise: l.unitPricePaise,
        discountPaise: discounts[i],
        taxed: true,
      },
      order.taxRate,
      split,
    ),
  );
  if (order.shippingPaise > 0) {
    lines.push(
      line(
        {
          description: `Shipping (${order.shippingMethod})`,
          details: null,
          code: SHIPPING_SAC_CODE,
          codeKind: 'SAC',
          quantity: 1,
          unitPricePaise: order.shippingPaise,
          discountPaise: 0,
          taxed: shippingWasTaxed(order, settings.applyTaxToShipping),
        },
        order.taxRate,
        split,
      ),
    );
  }
  return {
    kind: issue.kind,
    title: TITLES[issue.kind],
    number: issue.number,
    issuedAt: issue.issuedAt.toISOString(),
    issueDate: istDay(issue.issuedAt),
    registered: seller.gstin !== null,
    seller,
    buyer,
    placeOfSupply,
    taxSplit: split,
    order: {
      id: order.id,
      reference: `ORD-${order.id.slice(-8).toUpperCase()}`,
      placedOn: istDay(order.createdAt),
      paymentMethod: paymentMethodLabel(order.paymentMethod),
      paymentId: order.paymentId,
      shippingMethod: SHIPPING_METHOD_LABELS[order.shippingMethod] ?? order.shippingMethod,
      coupon: order.couponCode,
    },
    lines,
    totals: totalsOf(lines, order.totalPaise),
    reverses: null,
  };
}

/**
 * The credit note that reverses a sale's document: its own number and date, the document it
 * reverses and why, and the same parties, lines and totals.
 */
export function creditNote(
  sale: InvoiceDocument,
  issue: { number: string; issuedAt: Date; reason: string },
): InvoiceDocument {
  return {
    ...sale,
    kind: 'credit-note',
    title: TITLES['credit-note'],
    number: issue.number,
    issuedAt: issue.issuedAt.toISOString(),
    issueDate: istDay(issue.issuedAt),
    reverses: { number: sale.number, issueDate: sale.issueDate, reason: issue.reason },
  };
}
