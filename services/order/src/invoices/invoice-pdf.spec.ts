import { gstinCheckCharacter } from '@shop/proto';
import { pdfText } from '../../../../e2e/api/pdf-text';
import { creditNote, InvoiceDocument, saleDocument, SaleSource } from './invoice-document';
import { printable, renderDocumentPdf } from './invoice-pdf';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const SELLER_GSTIN = gstin('27AAPFU0939F1Z');
const BUYER_GSTIN = gstin('29AAACB1234C1Z');

function source(lines = 2, state = 'Karnataka'): SaleSource {
  return {
    order: {
      id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
      createdAt: new Date('2026-05-10T10:00:00+05:30'),
      paymentMethod: 'card',
      paymentId: 'pay_Q1',
      shippingMethod: 'express',
      subtotalPaise: lines * 100_000,
      discountPaise: 0,
      shippingPaise: 20_000,
      taxPaise: Math.round(((lines * 100_000 + 20_000) * 0.18) / 100) * 100,
      taxRate: 18,
      totalPaise: Math.round(((lines * 100_000 + 20_000) * 1.18) / 100) * 100,
      couponCode: null,
      shippingAddress: {
        fullName: 'Ravi Menon',
        phone: '9876543210',
        email: 'ravi@example.com',
        street: '7 Residency Road',
        city: 'Bengaluru',
        state,
        pinCode: '560025',
        country: 'India',
      },
      buyerGstin: state === 'Karnataka' ? BUYER_GSTIN : null,
      buyerCompany: state === 'Karnataka' ? 'Bengaluru Badges Pvt Ltd' : null,
    },
    lines: Array.from({ length: lines }, (_, position) => ({
      position,
      name: `Printed Lanyard ${position + 1}`,
      hsnCode: '6307',
      quantity: 10,
      unitPricePaise: 10_000,
      customization: { size: 'L' },
    })),
    settings: {
      businessName: 'MS & Jaksh',
      businessAddress: '4 Industrial Estate, Pune',
      businessState: 'Maharashtra',
      businessPhone: '9822000000',
      businessEmail: 'accounts@msjaksh.in',
      gstNumber: SELLER_GSTIN,
      applyTaxToShipping: true,
    },
  };
}

const issue = {
  kind: 'invoice' as const,
  number: 'INV/26-27/000042',
  issuedAt: new Date('2026-05-10T11:00:00+05:30'),
};
const textOf = async (doc: InvoiceDocument) => (await renderDocumentPdf(doc)).toString('latin1');
const linesOf = async (doc: InvoiceDocument) => pdfText(await renderDocumentPdf(doc));

describe('the PDF of a document', () => {
  it('is an A4 PDF showing the number, both GSTINs, the HSN and SAC codes, IGST and the total in words', async () => {
    const doc = saleDocument(source(), issue);
    const pdf = await renderDocumentPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = pdfText(pdf).join('\n');
    for (const expected of [
      'TAX INVOICE',
      'INV/26-27/000042',
      `GSTIN: ${SELLER_GSTIN}`,
      `GSTIN: ${BUYER_GSTIN}`,
      'Bengaluru Badges Pvt Ltd',
      'Karnataka (29)',
      '6307',
      '996812',
      'IGST',
      'Rs. 2,596.00',
      'Amount in words: Rupees Two Thousand Five Hundred Ninety-Six Only',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
  });

  it('shows CGST and SGST for a buyer in the seller’s state', async () => {
    const text = (await linesOf(saleDocument(source(2, 'Maharashtra'), issue))).join('\n');
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
  });

  it('gives the same bytes every time it is made from the same document', async () => {
    const doc = saleDocument(source(), issue);
    expect((await renderDocumentPdf(doc)).equals(await renderDocumentPdf(doc))).toBe(true);
  });

  it('says a receipt is not a tax invoice and prints no GSTIN for the seller', async () => {
    const unregistered = source(2, 'Goa');
    unregistered.settings.gstNumber = '';
    const text = (
      await linesOf(saleDocument(unregistered, { ...issue, kind: 'receipt', number: 'RCT/26-27/000001' }))
    ).join('\n');
    expect(text).toContain('RECEIPT');
    expect(text).toContain('The seller is not registered for GST: this receipt is not a tax invoice.');
    expect(text).not.toContain('GSTIN: 27');
  });

  it('names the invoice a credit note reverses, and why', async () => {
    const note = creditNote(saleDocument(source(), issue), {
      number: 'CN/26-27/000003',
      issuedAt: new Date('2026-05-12T09:00:00+05:30'),
      reason: 'Order cancelled and refunded',
    });
    const text = (await linesOf(note)).join('\n');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN/26-27/000003');
    expect(text).toContain('INV/26-27/000042 dated 10 May 2026');
    expect(text).toContain('Order cancelled and refunded');
    expect(text).toContain('Total credited');
  });

  it("says a receipt's credit note reverses a receipt, not a tax invoice", async () => {
    const unregistered = source(2, 'Goa');
    unregistered.settings.gstNumber = '';
    const receipt = saleDocument(unregistered, { ...issue, kind: 'receipt', number: 'RCT/26-27/000002' });
    const note = creditNote(receipt, {
      number: 'CN/26-27/000001',
      issuedAt: new Date('2026-05-12T09:00:00+05:30'),
      reason: 'Order cancelled and refunded',
    });
    const text = (await linesOf(note)).join('\n');
    expect(text).toContain('The seller is not registered for GST: this credit note reverses a receipt, not a tax invoice.');
    expect(text).not.toContain('this receipt is not a tax invoice');
  });

  it('carries a long order over several pages', async () => {
    const text = await textOf(saleDocument(source(120), issue));
    expect(text.match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(2);
  });

  it('prints what Helvetica cannot as a question mark rather than broken text', () => {
    expect(printable('रवि Menon\n12 Road')).toBe('??? Menon 12 Road');
    expect(printable('Café – “quoted”')).toBe('Café – “quoted”');
  });
});
