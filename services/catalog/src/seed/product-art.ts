import type { Brand } from '@shop/proto';
import sharp from 'sharp';

const PALETTES: Record<Brand, [string, string][]> = {
  ms: [
    ['#1e3a8a', '#2563eb'],
    ['#0f766e', '#14b8a6'],
    ['#334155', '#64748b'],
  ],
  jaksh: [
    ['#9d174d', '#ec4899'],
    ['#b45309', '#f59e0b'],
    ['#6d28d9', '#a78bfa'],
  ],
};
const BRAND_LABEL: Record<Brand, string> = { ms: 'MS', jaksh: 'JAKSH' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/**
 * A product picture drawn locally: the brand's colours, the product's initial and its name, as
 * an 800 px WebP. `variant` shifts the palette for a second gallery image.
 */
export async function productArt(name: string, brand: Brand, category: string, variant = 0): Promise<Buffer> {
  const palette = PALETTES[brand];
  const [from, to] = palette[(name.length + variant) % palette.length];
  const lines = wrap(name, 20)
    .map(
      (line, i) =>
        `<text x="400" y="${585 + i * 52}" font-size="44" font-family="DejaVu Sans, sans-serif" fill="#ffffff" text-anchor="middle">${escape(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>
    <circle cx="400" cy="330" r="${variant ? 170 : 200}" fill="#ffffff" fill-opacity="0.14"/>
    <text x="400" y="410" font-size="240" font-weight="bold" font-family="DejaVu Sans, sans-serif" fill="#ffffff" text-anchor="middle">${escape(name.charAt(0).toUpperCase())}</text>
    ${lines}
    <text x="40" y="70" font-size="34" font-weight="bold" font-family="DejaVu Sans, sans-serif" fill="#ffffff">${BRAND_LABEL[brand]}</text>
    <text x="760" y="70" font-size="28" font-family="DejaVu Sans, sans-serif" fill="#ffffff" fill-opacity="0.85" text-anchor="end">${escape(category)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
