import {
  gstinCheckCharacter,
  orderTotals,
  OrderPricingRules,
  SHIPPING_SAC_CODE,
  ShippingMethod,
} from '@shop/proto';
import {
  allocateDiscount,
  creditNote,
  customisationSummary,
  percentOf,
  saleDocument,
  SaleSource,
  shippingWasTaxed,
} from './invoice-document';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const SELLER_GSTIN = gstin('27AAPFU0939F1Z');
const BUYER_GSTIN = gstin('29AAACB1234C1Z');

const SETTINGS: SaleSource['settings'] = {
  businessName: 'MS & Jaksh',
  businessAddress: '4 Industrial Estate, Pune 411001',
  businessState: 'Maharashtra',
  businessPhone: '9822000000',
  businessEmail: 'accounts@msjaksh.in',
  gstNumber: SELLER_GSTIN,
  applyTaxToShipping: true,
};

const RULES: OrderPricingRules = {
  freeShippingThresholdPaise: 100_000,
  standardShippingPaise: 9_900,
  expressShippingPaise: 20_000,
  taxRatePercent: 18,
  applyTaxToShipping: true,
};

type Line = SaleSource['lines'][number];

/** An order priced exactly as checkout prices it (`orderTotals`). */
function orderOf(
  lines: Pick<Line, 'quantity' | 'unitPricePaise'>[],
  options: {
    couponPercent?: number;
    rules?: OrderPricingRules;
    state?: string;
    shippingMethod?: ShippingMethod;
  } = {},
): SaleSource {
  const rules = options.rules ?? RULES;
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0);
  const shippingMethod = options.shippingMethod ?? 'standard';
  const totals = orderTotals(subtotal, options.couponPercent ?? 0, rules, shippingMethod);
  return {
    order: {
      id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
      createdAt: new Date('2026-05-10T10:00:00+05:30'),
      paymentMethod: 'upi',
      paymentId: 'pay_123',
      shippingMethod,
      ...totals,
      taxRate: rules.taxRatePercent,
      couponCode: options.couponPercent ? 'SAVE' : null,
      shippingAddress: {
        fullName: 'Asha Kulkarni',
        phone: '9876543210',
        email: 'asha@example.com',
        street: '12 MG Road',
        city: 'Pune',
        state: options.state ?? 'Maharashtra',
        pinCode: '411001',
        country: 'India',
      },
      buyerGstin: null,
      buyerCompany: null,
    },
    lines: lines.map((l, position) => ({
      position,
      name: `Product ${position + 1}`,
      hsnCode: '4820',
      customization: {},
      ...l,
    })),
    settings: { ...SETTINGS, applyTaxToShipping: rules.applyTaxToShipping },
  };
}

const ISSUE = {
  kind: 'invoice' as const,
  number: 'INV/26-27/000001',
  issuedAt: new Date('2026-05-10T11:00:00+05:30'),
};

/** A small seeded generator (mulberry32), so every run checks the same orders. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)],
  };
}

describe('the document of a sale', () => {
  it('charges CGST and SGST at half the rate each when the delivery state is the seller’s', () => {
    const doc = saleDocument(orderOf([{ quantity: 3, unitPricePaise: 50_000 }]), ISSUE);
    expect(doc.taxSplit).toBe('cgst-sgst');
    expect(doc.placeOfSupply).toEqual({ name: 'Maharashtra', code: '27' });
    expect(doc.lines[0]).toMatchObject({
      code: '4820',
      codeKind: 'HSN',
      taxablePaise: 150_000,
      ratePercent: 18,
      cgstPaise: 13_500,
      sgstPaise: 13_500,
      igstPaise: 0,
      taxPaise: 27_000,
    });
    expect(doc.totals).toMatchObject({ cgstPaise: 13_500, sgstPaise: 13_500, igstPaise: 0 });
  });

  it('charges IGST at the whole rate when the goods go to another state', () => {
    const doc = saleDocument(
      orderOf([{ quantity: 2, unitPricePaise: 50_000 }], { state: 'Karnataka' }),
      ISSUE,
    );
    expect(doc.taxSplit).toBe('igst');
    expect(doc.placeOfSupply).toEqual({ name: 'Karnataka', code: '29' });
    expect(doc.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 });
    expect(doc.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 + 1_782 });
  });

  it('shows shipping as a SAC 996812 line, taxed when the order’s tax covered it', () => {
    const doc = saleDocument(orderOf([{ quantity: 1, unitPricePaise: 50_000 }]), ISSUE);
    const shipping = doc.lines.at(-1)!;
    expect(shipping).toMatchObject({
      code: SHIPPING_SAC_CODE,
      codeKind: 'SAC',
      description: 'Shipping (standard)',
      taxablePaise: 9_900,
      taxed: true,
      cgstPaise: 891,
      sgstPaise: 891,
    });
    expect(doc.totals.untaxedPaise).toBe(0);
  });

  it('charges shipping at its value with no GST when the order was priced without tax on shipping', () => {
    const source = orderOf([{ quantity: 1, unitPricePaise: 50_000 }], {
      rules: { ...RULES, applyTaxToShipping: false },
    });
    // The shop has turned tax on shipping on since: the order's own figures still decide.
    const doc = saleDocument(
      { ...source, settings: { ...source.settings, applyTaxToShipping: true } },
      ISSUE,
    );
    expect(doc.lines.at(-1)).toMatchObject({
      taxed: false,
      ratePercent: 0,
      taxPaise: 0,
      taxablePaise: 9_900,
    });
    expect(doc.totals).toMatchObject({ taxablePaise: 50_000, untaxedPaise: 9_900, taxPaise: 9_000 });
    expect(doc.totals.totalPaise).toBe(source.order.totalPaise);
  });

  it('has no shipping line when shipping was free', () => {
    const doc = saleDocument(orderOf([{ quantity: 3, unitPricePaise: 50_000 }]), ISSUE);
    expect(doc.lines.map((l) => l.codeKind)).toEqual(['HSN']);
  });

  it('takes the default HSN code for a line ordered before lines kept one', () => {
    const source = orderOf([{ quantity: 1, unitPricePaise: 150_000 }]);
    source.lines[0].hsnCode = null;
    expect(saleDocument(source, ISSUE).lines[0].code).toBe('4911');
  });

  it('spreads the coupon over the lines in proportion, before tax, and still totals what was charged', () => {
    const source = orderOf(
      [
        { quantity: 1, unitPricePaise: 33_333 },
        { quantity: 2, unitPricePaise: 45_050 },
        { quantity: 1, unitPricePaise: 10_001 },
      ],
      { couponPercent: 10 },
    );
    const doc = saleDocument(source, ISSUE);
    const goods = doc.lines.filter((l) => l.codeKind === 'HSN');
    expect(goods.reduce((s, l) => s + l.discountPaise, 0)).toBe(source.order.discountPaise);
    for (const l of goods) expect(l.taxablePaise).toBe(l.grossPaise - l.discountPaise);
    expect(doc.totals.totalPaise).toBe(source.order.totalPaise);
  });

  it('carries the buyer’s GSTIN and company name, and the seller’s details', () => {
    const source = orderOf([{ quantity: 1, unitPricePaise: 150_000 }], { state: 'Karnataka' });
    source.order.buyerGstin = BUYER_GSTIN;
    source.order.buyerCompany = 'Bengaluru Badges Pvt Ltd';
    const doc = saleDocument(source, ISSUE);
    expect(doc.buyer).toMatchObject({
      name: 'Asha Kulkarni',
      gstin: BUYER_GSTIN,
      companyName: 'Bengaluru Badges Pvt Ltd',
      state: { name: 'Karnataka', code: '29' },
    });
    expect(doc.seller).toEqual({
      name: 'MS & Jaksh',
      address: '4 Industrial Estate, Pune 411001',
      state: { name: 'Maharashtra', code: '27' },
      gstin: SELLER_GSTIN,
      phone: '9822000000',
      email: 'accounts@msjaksh.in',
    });
    expect(doc).toMatchObject({ title: 'Tax Invoice', registered: true, issueDate: '2026-05-10' });
    expect(doc.order).toMatchObject({ reference: 'ORD-2C3D4E5F', paymentMethod: 'UPI' });
  });

  it('is a receipt without a GSTIN line and without GST names while the shop has no GSTIN', () => {
    const source = orderOf([{ quantity: 1, unitPricePaise: 50_000 }]);
    source.settings = { ...source.settings, gstNumber: '' };
    const doc = saleDocument(source, { ...ISSUE, kind: 'receipt', number: 'RCT/26-27/000001' });
    expect(doc).toMatchObject({ kind: 'receipt', title: 'Receipt', registered: false, taxSplit: 'none' });
    expect(doc.seller.gstin).toBeNull();
    expect(doc.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 9_000 + 1_782 });
    expect(doc.totals.totalPaise).toBe(source.order.totalPaise);
  });

  it('writes the total in words', () => {
    const doc = saleDocument(orderOf([{ quantity: 1, unitPricePaise: 50_000 }]), ISSUE);
    // 500 + 99 shipping + 18% of 599 (107.82, rounded to 108) = 707.
    expect(doc.totals).toMatchObject({ totalPaise: 70_700, inWords: 'Rupees Seven Hundred Seven Only' });
    expect(doc.totals.roundOffPaise).toBe(18);
  });

  it('reconciles to the charged total, with a round-off under a rupee and a paisa a line, for 2,000 seeded orders', () => {
    const random = seeded(30);
    for (let n = 0; n < 2_000; n += 1) {
      const lines = Array.from({ length: random.int(1, 8) }, () => ({
        quantity: random.int(1, 60),
        unitPricePaise: random.int(1, 2_000_000),
      }));
      const rules: OrderPricingRules = {
        ...RULES,
        taxRatePercent: random.pick([0, 3, 5, 12, 18, 28, 2.5]),
        applyTaxToShipping: random.pick([true, false]),
        standardShippingPaise: random.pick([0, 100, 9_900, 15_050]),
      };
      const source = orderOf(lines, {
        rules,
        couponPercent: random.pick([0, 0, 5, 10, 15, 50, 100]),
        state: random.pick(['Maharashtra', 'Karnataka', 'Delhi']),
        shippingMethod: random.pick(['standard', 'express']),
      });
      const doc = saleDocument(source, ISSUE);
      const t = doc.totals;
      expect(t.totalPaise).toBe(source.order.totalPaise);
      expect(t.taxablePaise + t.untaxedPaise + t.taxPaise + t.roundOffPaise).toBe(source.order.totalPaise);
      expect(Math.abs(t.roundOffPaise)).toBeLessThanOrEqual(100 + doc.lines.length);
      expect(t.cgstPaise).toBe(t.sgstPaise);
      expect(doc.lines.reduce((s, l) => s + l.discountPaise, 0)).toBe(source.order.discountPaise);
      for (const l of doc.lines) expect(l.discountPaise).toBeLessThanOrEqual(l.grossPaise);
    }
  });
});

describe('whether shipping was taxed', () => {
  const order = (taxPaise: number, shippingPaise = 9_900) => ({
    ...orderOf([{ quantity: 1, unitPricePaise: 50_000 }]).order,
    shippingPaise,
    taxPaise,
  });

  it('reads it from the charged tax: 18% of 599 is 108, of 500 is 90', () => {
    expect(shippingWasTaxed(order(10_800), false)).toBe(true);
    expect(shippingWasTaxed(order(9_000), true)).toBe(false);
  });

  it('falls back to the shop’s setting when both readings give the charged tax', () => {
    expect(shippingWasTaxed(order(9_000, 100), true)).toBe(true);
    expect(shippingWasTaxed(order(9_000, 100), false)).toBe(false);
  });
});

describe('discount allocation', () => {
  it('gives each line its proportional share rounded down, the remainder to the last', () => {
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([33, 33, 34]);
    expect(allocateDiscount([1_000, 3_000], 400)).toEqual([100, 300]);
  });

  it('never takes more from a line than its value', () => {
    expect(allocateDiscount([999, 999, 1], 1_999)).toEqual([999, 999, 1]);
    expect(allocateDiscount([5, 5, 5, 5, 1], 20)).toEqual([4, 5, 5, 5, 1]);
  });

  it('gives nothing without a discount', () => {
    expect(allocateDiscount([100, 200], 0)).toEqual([0, 0]);
  });
});

describe('percentages of paise', () => {
  it('rounds halves up, exactly', () => {
    expect(percentOf(50, 9)).toBe(5);
    expect(percentOf(1_005, 10)).toBe(101);
    expect(percentOf(333, 2.5)).toBe(8);
  });
});

describe('customisation summary', () => {
  it('names the size, the options, the artwork and the note', () => {
    expect(
      customisationSummary({
        size: 'M',
        dynamicCustomizations: { a: 'Red', b: { value: 'Gold foil' }, c: '/uploads/customizations/x.png' },
        uploadedFiles: [{ url: '/x', name: 'x' } as never, { url: '/y', name: 'y' } as never],
        comments: 'Logo on the left',
      }),
    ).toBe('Size M; Red, Gold foil; your artwork (2 files); Note: Logo on the left');
    expect(customisationSummary({})).toBeNull();
  });
});

describe('a credit note', () => {
  it('has its own number and date, names the invoice it reverses and why, and keeps the lines and totals', () => {
    const sale = saleDocument(orderOf([{ quantity: 2, unitPricePaise: 50_000 }]), ISSUE);
    const note = creditNote(sale, {
      number: 'CN/26-27/000001',
      issuedAt: new Date('2026-05-12T09:00:00+05:30'),
      reason: 'Order cancelled and refunded',
    });
    expect(note).toMatchObject({
      kind: 'credit-note',
      title: 'Credit Note',
      number: 'CN/26-27/000001',
      issueDate: '2026-05-12',
      reverses: {
        number: 'INV/26-27/000001',
        issueDate: '2026-05-10',
        reason: 'Order cancelled and refunded',
      },
    });
    expect(note.lines).toEqual(sale.lines);
    expect(note.totals).toEqual(sale.totals);
  });
});
