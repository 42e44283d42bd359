import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit with the standard fonts shows, one string per text operation: its
 * content streams are inflated with zlib and the hex strings of their TJ operators decoded. Enough
 * to check what an invoice says without a PDF parser.
 */
export function pdfText(pdf: Buffer): string[] {
  const texts: string[] = [];
  const source = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      const hex = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts;
}
