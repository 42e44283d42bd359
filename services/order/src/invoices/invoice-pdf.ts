import { Paise, toRupees } from '@shop/proto';
import PDFDocument from 'pdfkit';
import type { DocumentLine, InvoiceDocument } from './invoice-document';

/**
 * The PDF of an issued document, made from its stored JSON alone. It is drawn in Helvetica, one of
 * the PDF standard fonts every reader has, so nothing is embedded: the service's image carries no
 * font files, a page renders in a few milliseconds without subsetting a font, and the text stays
 * plain in the file. Helvetica has no rupee sign, so amounts read "Rs." (as printed invoices in
 * India have long written them). Its creation date is the date of issue, so the same document
 * always gives the same bytes.
 */
export function renderDocumentPdf(document: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${document.title} ${document.number}`,
      Author: printable(document.seller.name) || 'Seller',
      Subject: `Order ${document.order.id}`,
      CreationDate: new Date(document.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  new Layout(pdf, document).draw();
  pdf.end();
  return done;
}

const MARGIN = 40;
const PAGE_WIDTH = 595.28;
const PAGE_BOTTOM = 841.89 - MARGIN;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c8c8c8';
const SHADE = '#f1f3f4';

/** Rs. 1,23,456.50: Indian grouping, two decimals. */
const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const rupees = (amount: Paise) => `Rs. ${INR.format(toRupees(amount))}`;
const figure = (amount: Paise) => INR.format(toRupees(amount));
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

/** Characters Helvetica's WinAnsi encoding can print; anything else (a Devanagari name, say) becomes '?'. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((c) => {
      const code = c.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c)
        ? c
        : '?';
    })
    .join('')
    .trim();
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell(line: DocumentLine, index: number): string;
}

/** Draws the document top to bottom, starting a new page (with the table's header again) when one fills. */
class Layout {
  private y = MARGIN;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly doc: InvoiceDocument,
  ) {}

  draw(): void {
    this.header();
    this.details();
    this.parties();
    this.table();
    this.totals();
    this.footer();
  }

  private text(
    value: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions & { size?: number; bold?: boolean; color?: string } = {},
  ): number {
    const { size = 9, bold = false, color = INK, ...rest } = options;
    this.pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(color)
      .text(printable(value), x, y, { width: MARGIN + WIDTH - x, ...rest });
    return this.pdf.y;
  }

  private rule(y: number, color = RULE): void {
    this.pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number): boolean {
    if (this.y + height <= PAGE_BOTTOM) return false;
    this.pdf.addPage();
    this.y = MARGIN;
    return true;
  }

  private header(): void {
    const { doc } = this;
    const seller = doc.seller;
    this.text(doc.title.toUpperCase(), MARGIN, this.y, {
      size: 16,
      bold: true,
      width: WIDTH,
      align: 'right',
    });
    let y = this.text(seller.name || 'Seller', MARGIN, this.y, { size: 14, bold: true, width: WIDTH * 0.6 });
    const lines = [
      seller.address,
      seller.state ? `State: ${stateText(seller.state)}` : '',
      seller.gstin ? `GSTIN: ${seller.gstin}` : '',
      [seller.phone && `Phone: ${seller.phone}`, seller.email && `E-mail: ${seller.email}`]
        .filter(Boolean)
        .join('   '),
    ].filter(Boolean);
    for (const line of lines)
      y = this.text(line, MARGIN, y + 1, { size: 8.5, color: MUTED, width: WIDTH * 0.6 });
    if (!doc.registered)
      y = this.text(
        doc.kind === 'credit-note'
          ? 'The seller is not registered for GST: this credit note reverses a receipt, not a tax invoice.'
          : 'The seller is not registered for GST: this receipt is not a tax invoice.',
        MARGIN,
        y + 3,
        {
          size: 8.5,
          bold: true,
          width: WIDTH,
        },
      );
    this.y = Math.max(y, MARGIN + 40) + 8;
    this.rule(this.y);
    this.y += 8;
  }

  private details(): void {
    const { doc } = this;
    const noun = doc.kind === 'credit-note' ? 'Credit note' : doc.kind === 'invoice' ? 'Invoice' : 'Receipt';
    const left: [string, string][] = [
      [`${noun} no.`, doc.number],
      [`${noun} date`, displayDate(doc.issueDate)],
      ['Order', `${doc.order.reference} (${doc.order.id})`],
      ['Order date', displayDate(doc.order.placedOn)],
    ];
    const right: [string, string][] = [
      ['Payment', doc.order.paymentMethod + (doc.order.paymentId ? ` (${doc.order.paymentId})` : '')],
      ['Shipping', doc.order.shippingMethod],
      ['Place of supply', stateText(doc.placeOfSupply)],
      ['Reverse charge', 'No'],
    ];
    if (doc.reverses) {
      left.push(['Against', `${doc.reverses.number} dated ${displayDate(doc.reverses.issueDate)}`]);
      right.push(['Reason', doc.reverses.reason]);
    }
    const top = this.y;
    const half = WIDTH / 2;
    const pairs = (rows: [string, string][], x: number) => {
      let y = top;
      for (const [label, value] of rows) {
        this.text(label, x, y, { size: 8.5, color: MUTED });
        y = this.text(value, x + 78, y, { size: 8.5, bold: label.endsWith('no.'), width: half - 86 }) + 2;
      }
      return y;
    };
    this.y = Math.max(pairs(left, MARGIN), pairs(right, MARGIN + half)) + 6;
    this.rule(this.y);
    this.y += 8;
  }

  private parties(): void {
    const { buyer } = this.doc;
    const top = this.y;
    let y = this.text('BILL TO / SHIP TO', MARGIN, top, { size: 8, bold: true, color: MUTED });
    if (buyer.companyName)
      y = this.text(buyer.companyName, MARGIN, y + 2, { size: 10, bold: true, width: WIDTH / 2 });
    y = this.text(buyer.name, MARGIN, y + 2, {
      size: buyer.companyName ? 9 : 10,
      bold: !buyer.companyName,
      width: WIDTH / 2,
    });
    for (const line of buyer.addressLines)
      y = this.text(line, MARGIN, y + 1, { size: 8.5, width: WIDTH / 2 });
    let right = this.text('BUYER', MARGIN + WIDTH / 2, top, { size: 8, bold: true, color: MUTED });
    const facts = [
      buyer.gstin ? `GSTIN: ${buyer.gstin}` : 'GSTIN: unregistered buyer',
      `State: ${stateText(buyer.state)}`,
      `Phone: ${buyer.phone}`,
      buyer.email ? `E-mail: ${buyer.email}` : '',
    ].filter(Boolean);
    for (const fact of facts)
      right = this.text(fact, MARGIN + WIDTH / 2, right + 2, { size: 8.5, width: WIDTH / 2 });
    this.y = Math.max(y, right) + 12;
  }

  private columns(): Column[] {
    const split = this.doc.taxSplit;
    const taxColumns: Column[] =
      split === 'cgst-sgst'
        ? [
            { title: 'CGST', width: 45, align: 'right', cell: (l) => taxCell(l.cgstPaise, l.taxed) },
            { title: 'SGST', width: 45, align: 'right', cell: (l) => taxCell(l.sgstPaise, l.taxed) },
          ]
        : [
            {
              title: split === 'igst' ? 'IGST' : 'Tax',
              width: 90,
              align: 'right',
              cell: (l) => taxCell(l.taxPaise, l.taxed),
            },
          ];
    const columns: Column[] = [
      { title: '#', width: 14, align: 'left', cell: (_, i) => String(i + 1) },
      { title: 'Description', width: 110, align: 'left', cell: (l) => l.description },
      { title: 'HSN/SAC', width: 38, align: 'left', cell: (l) => l.code },
      { title: 'Qty', width: 26, align: 'right', cell: (l) => String(l.quantity) },
      { title: 'Rate', width: 50, align: 'right', cell: (l) => figure(l.unitPricePaise) },
      {
        title: 'Discount',
        width: 44,
        align: 'right',
        cell: (l) => (l.discountPaise ? figure(l.discountPaise) : '-'),
      },
      { title: 'Taxable value', width: 56, align: 'right', cell: (l) => figure(l.taxablePaise) },
      { title: 'GST', width: 26, align: 'right', cell: (l) => (l.taxed ? percent(l.ratePercent) : 'nil') },
      ...taxColumns,
    ];
    const used = columns.reduce((sum, c) => sum + c.width, 0);
    return [
      ...columns,
      { title: 'Amount', width: WIDTH - used, align: 'right', cell: (l) => figure(l.totalPaise) },
    ];
  }

  private tableHeader(columns: Column[]): void {
    this.pdf.rect(MARGIN, this.y, WIDTH, 18).fill(SHADE);
    let x = MARGIN;
    for (const c of columns) {
      this.text(c.title, x + 2, this.y + 5, { size: 7.5, bold: true, width: c.width - 4, align: c.align });
      x += c.width;
    }
    this.y += 20;
  }

  private table(): void {
    const columns = this.columns();
    this.room(60);
    this.tableHeader(columns);
    this.doc.lines.forEach((line, index) => {
      const description = columns[1];
      this.pdf.font('Helvetica').fontSize(7.5);
      const nameHeight = this.pdf.heightOfString(printable(line.description), {
        width: description.width - 4,
      });
      this.pdf.fontSize(7);
      const details = line.details ? printable(line.details) : '';
      const detailsHeight = details ? this.pdf.heightOfString(details, { width: description.width - 4 }) : 0;
      const height = Math.max(nameHeight + detailsHeight, 10) + 6;
      if (this.room(height)) this.tableHeader(columns);
      let x = MARGIN;
      for (const c of columns) {
        const value = c.cell(line, index);
        this.text(value, x + 2, this.y + 2, { size: 7.5, width: c.width - 4, align: c.align });
        if (c === description && details)
          this.text(details, x + 2, this.y + 2 + nameHeight, { size: 7, color: MUTED, width: c.width - 4 });
        x += c.width;
      }
      this.y += height;
      this.rule(this.y - 1);
    });
    this.y += 8;
  }

  private totals(): void {
    const t = this.doc.totals;
    const split = this.doc.taxSplit;
    const rows: [string, string, boolean][] = [[`Taxable value`, rupees(t.taxablePaise), false]];
    if (t.untaxedPaise) rows.push(['Shipping (no GST charged)', rupees(t.untaxedPaise), false]);
    if (split === 'cgst-sgst') {
      rows.push(['CGST', rupees(t.cgstPaise), false], ['SGST', rupees(t.sgstPaise), false]);
    } else rows.push([split === 'igst' ? 'IGST' : 'Tax', rupees(t.taxPaise), false]);
    rows.push(['Round off', `${t.roundOffPaise < 0 ? '-' : ''}${rupees(Math.abs(t.roundOffPaise))}`, false]);
    rows.push([this.doc.kind === 'credit-note' ? 'Total credited' : 'Total', rupees(t.totalPaise), true]);
    this.room(rows.length * 14 + 50);
    const x = MARGIN + WIDTH - 230;
    for (const [label, value, strong] of rows) {
      if (strong) {
        this.pdf.rect(x, this.y - 3, 230, 18).fill(SHADE);
      }
      this.text(label, x + 4, this.y + (strong ? 1 : 0), { size: strong ? 10 : 9, bold: strong });
      this.text(value, x + 100, this.y + (strong ? 1 : 0), {
        size: strong ? 10 : 9,
        bold: strong,
        width: 126,
        align: 'right',
      });
      this.y += strong ? 20 : 14;
    }
    this.y =
      this.text(`Amount in words: ${t.inWords}`, MARGIN, this.y + 4, { size: 9, bold: true, width: WIDTH }) +
      16;
  }

  private footer(): void {
    const { doc } = this;
    const notes = [
      doc.kind === 'credit-note'
        ? `This credit note reverses ${doc.reverses?.number ?? 'the invoice'} in full.`
        : doc.registered
          ? 'Tax is charged on the taxable value of each line; shipping is a service under SAC 996812.'
          : 'The seller is not registered for GST, so no GST is claimed on this receipt; tax shown is as charged at checkout.',
      'This is a computer-generated document and needs no signature.',
    ];
    this.room(60);
    for (const note of notes)
      this.y = this.text(note, MARGIN, this.y, { size: 8, color: MUTED, width: WIDTH }) + 2;
    this.text(`For ${doc.seller.name || 'the seller'}`, MARGIN, this.y + 12, {
      size: 9,
      bold: true,
      width: WIDTH,
      align: 'right',
    });
  }
}

function taxCell(amount: Paise, taxed: boolean): string {
  return taxed ? figure(amount) : '-';
}

function stateText(state: { name: string; code: string | null }): string {
  return state.code ? `${state.name} (${state.code})` : state.name;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-05-10` as "10 May 2026". */
function displayDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month - 1]} ${year}`;
}
