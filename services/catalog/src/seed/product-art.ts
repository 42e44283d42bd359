import { IMAGE_WEB_MAX_SIDE, type Brand } from '@shop/proto';
import sharp from 'sharp';
import { makePicture, type Picture } from '../images/pictures';
import { DEFS, DRAWINGS, Palette, PALETTES, PrintArea, sampleLogo } from './product-drawings';
import type { ProductKind } from './product-kinds';

/** The side of the square the drawings are made in, in their own units. */
const DRAWING_SIDE = 800;
/** Side of every seeded picture in pixels: the largest width a product picture is stored at. */
export const PICTURE_SIDE = IMAGE_WEB_MAX_SIDE;
/** The gallery's order: the product, its print up close, the product in use. */
export const VIEWS = ['front', 'detail', 'in-use'] as const;
export type View = (typeof VIEWS)[number];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Average advance of a character, in ems, of the bold faces the print uses. */
const CHAR_WIDTH = 0.62;
const LINE_HEIGHT = 1.15;

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= perLine)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The largest size at which the name fits the area in its number of lines, wrapped at spaces. */
export function fitName(name: string, area: Pick<PrintArea, 'w' | 'h' | 'size' | 'lines'>) {
  for (let size = area.size; ; size -= 1) {
    const perLine = Math.max(1, Math.floor(area.w / (size * CHAR_WIDTH)));
    const lines = wrap(name, perLine);
    const fits =
      lines.length <= area.lines &&
      lines.length * size * LINE_HEIGHT <= area.h &&
      lines.every((line) => line.length <= perLine);
    if (fits || size <= 10) return { size, lines: lines.slice(0, area.lines) };
  }
}

/** The product's name printed in an area, centred and turned with it. */
export function printName(p: Palette, area: PrintArea, name: string): string {
  const { size, lines } = fitName(name, area);
  const top = area.cy - (lines.length * size * LINE_HEIGHT) / 2 + size * 0.86;
  const turn = area.angle ? ` transform="rotate(${area.angle} ${area.cx} ${area.cy})"` : '';
  const text = lines
    .map(
      (line, i) =>
        `<text x="${area.cx}" y="${(top + i * size * LINE_HEIGHT).toFixed(1)}" font-size="${size}" ${p.font} fill="${area.ink(p)}" text-anchor="middle">${escape(line)}</text>`,
    )
    .join('');
  return `<g${turn}>${text}</g>`;
}

const svg = (viewBox: string, body: string, width = PICTURE_SIDE, height = PICTURE_SIDE) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;

function squareOf(kind: ProductKind, view: 'front' | 'detail'): [number, number, number] {
  return view === 'detail' ? DRAWINGS[kind].focus : DRAWINGS[kind].frame;
}

function viewBoxOf(kind: ProductKind, view: 'front' | 'detail'): string {
  const [x, y, side] = squareOf(kind, view);
  return `${x} ${y} ${side} ${side}`;
}

/** The pixels a print area can touch in a view, with room for glyphs wider than the estimate. */
function pixelsOf(area: PrintArea, [x, y, side]: [number, number, number]) {
  const scale = PICTURE_SIDE / side;
  const turn = ((area.angle ?? 0) * Math.PI) / 180;
  const [halfW, halfH] = [area.w * 0.65, area.h * 0.65];
  const reachX = Math.abs(halfW * Math.cos(turn)) + Math.abs(halfH * Math.sin(turn));
  const reachY = Math.abs(halfW * Math.sin(turn)) + Math.abs(halfH * Math.cos(turn));
  const clamp = (v: number) => Math.min(PICTURE_SIDE, Math.max(0, v));
  return {
    left: clamp(Math.floor((area.cx - reachX - x) * scale)),
    top: clamp(Math.floor((area.cy - reachY - y) * scale)),
    right: clamp(Math.ceil((area.cx + reachX - x) * scale)),
    bottom: clamp(Math.ceil((area.cy + reachY - y) * scale)),
  };
}

/**
 * Only the print, on a transparent sheet cut to the part of the view it covers (rasterising and
 * laying a whole 800 px sheet per picture would cost more than the print itself).
 */
export function printLayer(kind: ProductKind, brand: Brand, view: 'front' | 'detail', name: string) {
  const p = PALETTES[brand];
  const square = squareOf(kind, view);
  const areas = DRAWINGS[kind].print;
  const boxes = areas.map((area) => pixelsOf(area, square));
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const width = Math.max(...boxes.map((b) => b.right)) - left;
  const height = Math.max(...boxes.map((b) => b.bottom)) - top;
  const scale = square[2] / PICTURE_SIDE;
  const viewBox = [square[0] + left * scale, square[1] + top * scale, width * scale, height * scale]
    .map((n) => +n.toFixed(3))
    .join(' ');
  const body = areas.map((area) => printName(p, area, name)).join('');
  return { svg: svg(viewBox, body, width, height), left, top };
}

/** The product drawn without its print, on the brand's backdrop. */
export function productSvg(kind: ProductKind, brand: Brand, view: 'front' | 'detail'): string {
  const p = PALETTES[brand];
  const drawing = DRAWINGS[kind];
  const floor = drawing.shadow
    ? `<ellipse cx="${drawing.shadow[0]}" cy="${drawing.shadow[1]}" rx="${drawing.shadow[2] * 1.1}" ry="${drawing.shadow[2] / 5.5}" fill="url(#soft)" opacity=".28"/>`
    : '';
  return svg(
    viewBoxOf(kind, view),
    `${DEFS(p)}<rect x="-400" y="-400" width="1600" height="1600" fill="url(#wall)"/>${floor}${drawing.art(p)}`,
  );
}

/** The product in use, carrying a sample logo. */
export function sceneSvg(kind: ProductKind, brand: Brand): string {
  const p = PALETTES[brand];
  const drawing = DRAWINGS[kind];
  const product = drawing.art(p) + drawing.print.map((area) => sampleLogo(p, area)).join('');
  return svg(`0 0 ${DRAWING_SIDE} ${DRAWING_SIDE}`, `${DEFS(p)}${drawing.scene(p, product)}`);
}

interface Raw {
  data: Buffer;
  info: sharp.OutputInfo;
}

/**
 * Lays an RGBA sheet over RGB pixels at (left, top). Done here rather than with sharp's composite,
 * which works on the whole picture and cost more than the encoding.
 */
function laySheet(pixels: Buffer, into: sharp.OutputInfo, sheet: Raw, left: number, top: number): void {
  const { width, height, channels } = sheet.info;
  for (let y = 0; y < height && top + y < into.height; y++) {
    for (let x = 0; x < width && left + x < into.width; x++) {
      const from = (y * width + x) * channels;
      const alpha = sheet.data[from + 3] / 255;
      if (alpha === 0) continue;
      const to = ((top + y) * into.width + left + x) * into.channels;
      for (let c = 0; c < 3; c++)
        pixels[to + c] = Math.round(sheet.data[from + c] * alpha + pixels[to + c] * (1 - alpha));
    }
  }
}

/**
 * Paints product pictures at PICTURE_SIDE px, in every width the shop stores (pictures.ts).
 * Drawing the vector art is the slow part, so each kind's drawing is rasterised once per brand and
 * view and kept; a product then costs only its name's print laid over it and the encoding. The
 * in-use view carries a sample logo, not the name, so it is made once per kind and brand: one
 * picture all those products share.
 */
export class ProductPainter {
  private readonly products = new Map<string, Promise<Raw>>();
  private readonly scenes = new Map<string, Promise<Picture>>();

  /** Front, detail and in-use, in the gallery's order. */
  pictures(name: string, brand: Brand, kind: ProductKind): Promise<Picture[]> {
    return Promise.all(VIEWS.map((view) => this.view(name, brand, kind, view)));
  }

  async view(name: string, brand: Brand, kind: ProductKind, view: View): Promise<Picture> {
    if (view === 'in-use')
      return this.once(this.scenes, `${kind}/${brand}`, () =>
        makePicture(sharp(Buffer.from(sceneSvg(kind, brand))).removeAlpha()),
      );
    const base = await this.once(this.products, `${kind}/${brand}/${view}`, () =>
      sharp(Buffer.from(productSvg(kind, brand, view)))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const print = printLayer(kind, brand, view, name);
    const layer = await sharp(Buffer.from(print.svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = Buffer.from(base.data);
    laySheet(pixels, base.info, layer, print.left, print.top);
    return makePicture(sharp(pixels, { raw: base.info }));
  }

  private once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    let made = cache.get(key);
    if (!made) cache.set(key, (made = make()));
    return made;
  }
}
