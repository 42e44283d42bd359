import type { Brand } from '@shop/proto';
import type { ProductKind } from './product-kinds';

/**
 * The brands' colours as the storefront paints them (web-store/src/styles.css: --navy for MS,
 * --amber for Jaksh), with the shades the drawings need around them.
 */
export interface Palette {
  /** The brand colour: the body of the product. */
  main: string;
  dark: string;
  light: string;
  /** The other storefront colour, for ribbons, foil and trims. */
  accent: string;
  /** Print on the brand colour. */
  ink: string;
  /** Print on white surfaces (labels, cards, plaques). */
  paperInk: string;
  wall: [string, string];
  font: string;
}

export const PALETTES: Record<Brand, Palette> = {
  ms: {
    main: '#1f3a5f',
    dark: '#152a45',
    light: '#3b6ea5',
    accent: '#f5a623',
    ink: '#ffffff',
    paperInk: '#1f3a5f',
    wall: ['#f5f8fc', '#d9e3ef'],
    font: `font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"`,
  },
  jaksh: {
    main: '#f5a623',
    dark: '#9a5b00',
    light: '#ffd58f',
    accent: '#1f3a5f',
    ink: '#3d2400',
    paperInk: '#9a5b00',
    wall: ['#fffaf1', '#f4e2c4'],
    font: `font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-style="italic"`,
  },
};

/** Where a drawing prints: a box centred on (cx, cy), turned by `angle` degrees. */
export interface PrintArea {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle?: number;
  /** Font size to start from; it shrinks until the name fits. */
  size: number;
  lines: number;
  ink: (p: Palette) => string;
}

export interface Drawing {
  /** The product on its own, centred in an 800 x 800 frame, without its print. */
  art: (p: Palette) => string;
  print: PrintArea[];
  /** The square the front view shows, the product filling it: x, y and side. */
  frame: [number, number, number];
  /** The square the detail view closes in on: x, y and side. */
  focus: [number, number, number];
  /** The product in use: a whole 800 x 800 scene around `product` (the art with a sample logo). */
  scene: (p: Palette, product: string) => string;
  /** Where the floor shadow sits under the front view: cx, cy, rx; none for hanging things. */
  shadow?: [number, number, number];
}

const METAL = `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset=".5" stop-color="#aab2bc"/><stop offset="1" stop-color="#dfe3e8"/></linearGradient>`;
const GOLD = `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c77d00"/><stop offset=".35" stop-color="#ffd27a"/><stop offset=".6" stop-color="#f5a623"/><stop offset="1" stop-color="#b86e00"/></linearGradient>`;
/** Round things (mugs, bottles, barrels): darker at both sides, a highlight left of centre. */
const ROUND = `<linearGradient id="round" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset=".22" stop-color="#fff" stop-opacity=".18"/><stop offset=".32" stop-color="#fff" stop-opacity=".05"/><stop offset=".75" stop-color="#000" stop-opacity=".05"/><stop offset="1" stop-color="#000" stop-opacity=".32"/></linearGradient>`;
/** Soft shadows as a fading gradient: a blur filter would cost more than the rest of the drawing. */
const SOFT = `<radialGradient id="soft"><stop offset="0" stop-color="#1c2430"/><stop offset=".55" stop-color="#1c2430" stop-opacity=".7"/><stop offset="1" stop-color="#1c2430" stop-opacity="0"/></radialGradient>`;
const WOOD = `<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d8b48a"/><stop offset="1" stop-color="#b98b5c"/></linearGradient>`;

/** Gradients and filters every drawing may use. */
export const DEFS = (p: Palette) =>
  `<defs>${METAL}${GOLD}${ROUND}${SOFT}${WOOD}<radialGradient id="wall" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${p.wall[0]}"/><stop offset="1" stop-color="${p.wall[1]}"/></radialGradient></defs>`;

const shadow = (cx: number, cy: number, rx: number, ry = rx / 9, opacity = 0.28) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 1.1}" ry="${ry * 1.6}" fill="url(#soft)" opacity="${opacity}"/>`;

/** A wall and a wooden desk, the setting of most in-use views. */
const desk = (top = 560) =>
  `<rect width="800" height="800" fill="url(#wall)"/><rect y="${top}" width="800" height="${800 - top}" fill="url(#wood)"/><rect y="${top}" width="800" height="6" fill="#fff" opacity=".35"/>`;

const place = (product: string, x: number, y: number, scale: number, angle = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">${product}</g>`;

const plant = (x: number, base: number) =>
  `<g transform="translate(${x} ${base})"><path d="M0 -70 C-50 -130 -60 -170 -20 -200 C-10 -150 0 -120 0 -70Z M0 -70 C40 -140 70 -160 60 -210 C20 -180 5 -130 0 -70Z M0 -70 C-10 -120 10 -160 0 -230 C-20 -170 -15 -120 0 -70Z" fill="#3f8f5a"/><path d="M-42 -72 L42 -72 L32 0 L-32 0Z" fill="#e9e4dc"/><rect x="-46" y="-80" width="92" height="14" rx="4" fill="#d8d1c6"/></g>`;

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? r * 0.45 : r;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

const mugArt = (p: Palette) => `
  <path d="M528 330 C640 330 640 540 528 540" fill="none" stroke="${p.dark}" stroke-width="40" stroke-linecap="round"/>
  <path d="M528 330 C630 330 630 540 528 540" fill="none" stroke="${p.main}" stroke-width="28" stroke-linecap="round"/>
  <path d="M240 250 L540 250 L540 580 Q540 620 500 620 L280 620 Q240 620 240 580Z" fill="${p.main}"/>
  <path d="M240 250 L540 250 L540 580 Q540 620 500 620 L280 620 Q240 620 240 580Z" fill="url(#round)"/>
  <ellipse cx="390" cy="250" rx="150" ry="26" fill="${p.light}"/>
  <ellipse cx="390" cy="252" rx="136" ry="19" fill="${p.dark}"/>
  <ellipse cx="390" cy="258" rx="120" ry="12" fill="#6b4a2b"/>`;

const bottleArt = (p: Palette) => `
  <rect x="352" y="140" width="96" height="74" rx="14" fill="#2b3038"/>
  <rect x="352" y="150" width="96" height="8" fill="#fff" opacity=".15"/>
  <rect x="366" y="210" width="68" height="40" fill="url(#metal)"/>
  <path d="M318 310 Q318 252 376 248 L424 248 Q482 252 482 310 L482 664 Q482 694 452 694 L348 694 Q318 694 318 664Z" fill="${p.main}"/>
  <path d="M318 310 Q318 252 376 248 L424 248 Q482 252 482 310 L482 664 Q482 694 452 694 L348 694 Q318 694 318 664Z" fill="url(#round)"/>
  <rect x="318" y="640" width="164" height="8" fill="#000" opacity=".12"/>`;

const labelRollArt = (p: Palette) => `
  <clipPath id="strip"><rect x="270" y="375" width="490" height="160"/></clipPath>
  <rect x="270" y="375" width="490" height="160" fill="#fbfbf8" stroke="#d6dbe1" stroke-width="2"/>
  <g clip-path="url(#strip)">
    <rect x="470" y="390" width="180" height="130" rx="16" fill="${p.main}"/>
    <rect x="668" y="390" width="180" height="130" rx="16" fill="${p.main}"/>
  </g>
  <circle cx="270" cy="360" r="175" fill="#fbfbf8" stroke="#d6dbe1" stroke-width="2"/>
  <circle cx="270" cy="360" r="171" fill="none" stroke="${p.main}" stroke-width="8" opacity=".85"/>
  ${[150, 128, 106, 86].map((r) => `<circle cx="270" cy="360" r="${r}" fill="none" stroke="#e3e7ec" stroke-width="3"/>`).join('')}
  <circle cx="270" cy="360" r="70" fill="#c99a5c"/>
  <circle cx="270" cy="360" r="52" fill="#8a6a45"/>
  <circle cx="270" cy="360" r="46" fill="${p.wall[1]}"/>`;

const SHEET_LABELS = [0, 1, 2, 3].flatMap((row) =>
  [0, 1].map((col) => ({ x: 240 + col * 170, y: 150 + row * 130 })),
);
const labelSheetArt = (p: Palette) => `
  <g transform="rotate(-4 400 400)">
    <rect x="222" y="128" width="370" height="560" fill="#1c2430" opacity=".12"/>
    <rect x="215" y="120" width="370" height="560" fill="#ffffff"/>
    ${SHEET_LABELS.map(({ x, y }, i) =>
      i === 7
        ? `<rect x="${x}" y="${y}" width="150" height="110" rx="14" fill="#f1f3f5" stroke="#c9d0d8" stroke-dasharray="6 5"/>`
        : `<rect x="${x}" y="${y}" width="150" height="110" rx="14" fill="${p.main}"/>`,
    ).join('')}
    <g transform="rotate(14 485 595)"><rect x="418" y="548" width="150" height="110" rx="14" fill="#1c2430" opacity=".12"/><rect x="410" y="540" width="150" height="110" rx="14" fill="${p.main}"/>${star(485, 595, 30, p.accent)}</g>
  </g>`;

const stickerArt = (p: Palette) => `
  <g transform="rotate(14 630 190)"><rect x="560" y="120" width="150" height="150" rx="34" fill="#1c2430" opacity=".12"/><rect x="548" y="110" width="150" height="150" rx="34" fill="#fff"/><rect x="562" y="124" width="122" height="122" rx="26" fill="${p.light}"/>${star(623, 185, 40, p.accent)}</g>
  <g transform="rotate(-12 190 640)"><circle cx="196" cy="650" r="88" fill="#1c2430" opacity=".12"/><circle cx="190" cy="640" r="88" fill="#fff"/><circle cx="190" cy="640" r="74" fill="${p.accent}"/><path d="M160 640 l22 22 l40 -46" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/></g>
  <circle cx="412" cy="398" r="232" fill="#1c2430" opacity=".12"/>
  <circle cx="400" cy="385" r="232" fill="#ffffff"/>
  <circle cx="400" cy="385" r="208" fill="${p.main}"/>
  <circle cx="400" cy="385" r="182" fill="none" stroke="${p.accent}" stroke-width="7"/>
  ${star(400, 265, 34, p.accent)}
  <path d="M560 540 Q600 560 612 520 Q585 545 560 540Z" fill="#e6e9ed"/>`;

/** One strap of the lanyard, from (x, y) at `angle` degrees for `length`, with its print. */
const strap = (p: Palette, x: number, y: number, angle: number, length: number) =>
  `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="0" y="-23" width="${length}" height="46" fill="${p.main}"/><rect x="0" y="-23" width="${length}" height="46" fill="#000" opacity=".08"/><line x1="0" y1="-17" x2="${length}" y2="-17" stroke="${p.light}" stroke-width="2" stroke-dasharray="7 6"/><line x1="0" y1="17" x2="${length}" y2="17" stroke="${p.light}" stroke-width="2" stroke-dasharray="7 6"/></g>`;

const lanyardArt = (p: Palette) => `
  ${strap(p, 290, -30, 77.5, 450)}
  ${strap(p, 413, 410, -77.5, 450)}
  <path d="M378 392 L422 392 L414 420 L386 420Z" fill="${p.dark}"/>
  <rect x="389" y="416" width="22" height="26" rx="4" fill="url(#metal)"/>
  <circle cx="400" cy="452" r="14" fill="none" stroke="#9aa3ad" stroke-width="7"/>
  <rect x="276" y="478" width="260" height="300" rx="16" fill="#1c2430" opacity=".12"/>
  <rect x="270" y="462" width="260" height="310" rx="16" fill="#ffffff" stroke="#cdd4dc" stroke-width="3"/>
  <path d="M270 478 Q270 462 286 462 L514 462 Q530 462 530 478 L530 552 L270 552Z" fill="${p.main}"/>
  <rect x="368" y="474" width="64" height="12" rx="6" fill="#f1f3f5"/>
  <circle cx="400" cy="622" r="44" fill="#e4e9ef"/>
  <circle cx="400" cy="608" r="17" fill="#b7c1cc"/>
  <path d="M370 652 Q400 620 430 652Z" fill="#b7c1cc"/>
  <rect x="320" y="686" width="160" height="12" rx="6" fill="#d6dce3"/>
  <rect x="345" y="710" width="110" height="10" rx="5" fill="#e4e9ef"/>
  <rect x="270" y="462" width="260" height="310" rx="16" fill="#fff" opacity=".12"/>`;

const diaryArt = (p: Palette) => `
  <rect x="252" y="132" width="330" height="538" rx="14" fill="#f3ead4"/>
  ${[150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650].map((y) => `<line x1="568" y1="${y}" x2="582" y2="${y}" stroke="#e0d3b3" stroke-width="2"/>`).join('')}
  <rect x="228" y="118" width="340" height="540" rx="18" fill="${p.main}"/>
  <rect x="228" y="118" width="46" height="540" rx="14" fill="${p.dark}"/>
  <rect x="292" y="136" width="258" height="504" rx="10" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="8 6" opacity=".8"/>
  <rect x="508" y="118" width="20" height="540" fill="${p.dark}"/>
  <path d="M330 650 L330 735 L345 720 L360 735 L360 650Z" fill="${p.accent}"/>
  <rect x="228" y="118" width="340" height="540" rx="18" fill="url(#round)" opacity=".35"/>`;

const RINGS = Array.from({ length: 13 }, (_, i) => 150 + i * 40);
const notebookArt = (p: Palette) => `
  <rect x="262" y="128" width="326" height="560" rx="10" fill="#f7f7f2"/>
  <rect x="250" y="118" width="330" height="560" rx="12" fill="${p.main}"/>
  ${RINGS.map((y) => `<circle cx="276" cy="${y}" r="7" fill="${p.wall[1]}"/><path d="M276 ${y} C236 ${y - 6} 232 ${y + 14} 258 ${y + 16}" fill="none" stroke="url(#metal)" stroke-width="7" stroke-linecap="round"/>`).join('')}
  <rect x="318" y="210" width="222" height="170" rx="12" fill="#ffffff"/>
  <line x1="340" y1="352" x2="518" y2="352" stroke="${p.light}" stroke-width="3"/>
  <rect x="300" y="600" width="240" height="26" rx="13" fill="${p.light}" opacity=".5"/>
  ${star(420, 512, 30, p.accent)}`;

const penArt = (p: Palette) => `
  ${shadow(420, 430, 300, 20, 0.22)}
  <g transform="rotate(-35 400 400)">
    <rect x="70" y="378" width="44" height="44" rx="14" fill="url(#metal)"/>
    <rect x="96" y="376" width="530" height="48" rx="22" fill="${p.main}"/>
    <rect x="104" y="382" width="512" height="9" rx="4" fill="#fff" opacity=".28"/>
    <rect x="104" y="410" width="512" height="9" rx="4" fill="#000" opacity=".18"/>
    <rect x="610" y="380" width="64" height="40" rx="6" fill="#2b3038"/>
    ${[622, 636, 650].map((x) => `<rect x="${x}" y="380" width="4" height="40" fill="#48505b"/>`).join('')}
    <path d="M672 384 L738 400 L672 416Z" fill="url(#metal)"/>
    <circle cx="740" cy="400" r="3" fill="#2b3038"/>
    <rect x="120" y="366" width="190" height="16" rx="8" fill="url(#metal)"/>
    <rect x="292" y="372" width="20" height="18" rx="6" fill="url(#metal)"/>
    <rect x="592" y="376" width="10" height="48" fill="${p.accent}"/>
  </g>`;

const giftBoxArt = (p: Palette) => `
  <rect x="226" y="366" width="348" height="294" fill="${p.main}"/>
  <rect x="226" y="366" width="348" height="30" fill="#000" opacity=".12"/>
  <rect x="380" y="366" width="40" height="294" fill="${p.accent}"/>
  <rect x="202" y="298" width="396" height="76" rx="8" fill="${p.main}"/>
  <rect x="380" y="298" width="40" height="76" fill="${p.accent}"/>
  <path d="M400 296 C330 220 270 250 300 292 C320 318 380 305 400 296Z" fill="${p.accent}"/>
  <path d="M400 296 C470 220 530 250 500 292 C480 318 420 305 400 296Z" fill="${p.accent}"/>
  <path d="M400 296 C350 250 315 262 322 285" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="4"/>
  <path d="M400 296 C450 250 485 262 478 285" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="4"/>
  <circle cx="400" cy="298" r="20" fill="${p.accent}" stroke="#000" stroke-opacity=".2" stroke-width="3"/>
  <path d="M408 306 C440 360 470 420 470 448" fill="none" stroke="#c8b69a" stroke-width="3"/>
  <g transform="rotate(7 495 515)">
    <rect x="426" y="452" width="150" height="124" rx="10" fill="#1c2430" opacity=".12"/>
    <rect x="420" y="446" width="150" height="124" rx="10" fill="#ffffff"/>
    <circle cx="495" cy="462" r="6" fill="${p.wall[1]}" stroke="#c8b69a" stroke-width="2"/>
  </g>`;

const badgeArt = (p: Palette) => `
  <path d="M330 520 L280 750 L318 722 L340 766 L392 560Z" fill="${p.dark}"/>
  <path d="M470 520 L520 750 L482 722 L460 766 L408 560Z" fill="${p.accent}"/>
  <circle cx="410" cy="398" r="222" fill="#1c2430" opacity=".12"/>
  <circle cx="400" cy="385" r="222" fill="${p.main}"/>
  <circle cx="400" cy="385" r="222" fill="url(#round)" opacity=".5"/>
  <circle cx="400" cy="385" r="180" fill="#ffffff"/>
  <circle cx="400" cy="385" r="166" fill="none" stroke="${p.accent}" stroke-width="5"/>
  ${star(400, 262, 26, p.accent)}
  ${star(300, 300, 12, p.main)}${star(500, 300, 12, p.main)}
  <ellipse cx="330" cy="260" rx="120" ry="60" fill="#fff" opacity=".18" transform="rotate(-30 330 260)"/>`;

const TAG_PATH = 'M330 200 L470 200 L540 270 L540 640 Q540 662 518 662 L282 662 Q260 662 260 640 L260 270Z';
const tagArt = (p: Palette) => `
  <g transform="rotate(14 470 430)"><path d="${TAG_PATH}" transform="translate(70 0)" fill="${p.light}"/></g>
  <path d="M400 250 C380 150 420 90 470 40" fill="none" stroke="#a7825a" stroke-width="5"/>
  <g transform="rotate(-8 400 430)">
    <path d="${TAG_PATH}" transform="translate(8 12)" fill="#1c2430" opacity=".12"/>
    <path d="${TAG_PATH}" fill="${p.main}"/>
    <path d="M282 290 L518 290 L518 630 L282 630Z" fill="none" stroke="${p.light}" stroke-width="3" stroke-dasharray="8 6" opacity=".8"/>
    <circle cx="400" cy="250" r="18" fill="${p.wall[0]}" stroke="url(#metal)" stroke-width="8"/>
  </g>
  <path d="M400 250 C420 180 440 110 470 40" fill="none" stroke="#b8946a" stroke-width="5"/>`;

const trophyArt = (p: Palette) => `
  <path d="M292 205 C200 200 210 340 318 340" fill="none" stroke="url(#gold)" stroke-width="20" stroke-linecap="round"/>
  <path d="M508 205 C600 200 590 340 482 340" fill="none" stroke="url(#gold)" stroke-width="20" stroke-linecap="round"/>
  <path d="M276 170 L524 170 L514 262 Q494 392 400 410 Q306 392 286 262Z" fill="url(#gold)"/>
  <ellipse cx="400" cy="170" rx="124" ry="16" fill="#ffe2a6"/>
  <ellipse cx="400" cy="172" rx="112" ry="10" fill="#c77d00"/>
  ${star(400, 280, 44, '#fff4d6')}
  <rect x="384" y="404" width="32" height="56" fill="url(#gold)"/>
  <ellipse cx="400" cy="432" rx="30" ry="12" fill="url(#gold)"/>
  <path d="M334 460 L466 460 L490 500 L310 500Z" fill="url(#gold)"/>
  <rect x="280" y="498" width="240" height="150" rx="8" fill="${p.main === '#f5a623' ? p.dark : p.main}"/>
  <rect x="280" y="498" width="240" height="14" fill="#000" opacity=".18"/>
  <rect x="306" y="530" width="188" height="90" rx="6" fill="url(#gold)"/>`;

/** A sample logo for the in-use views: a mark and "YOUR LOGO" (MS) or a first name (Jaksh). */
export function sampleLogo(p: Palette, area: PrintArea): string {
  const side = Math.min(area.w, area.h);
  const mark = side * 0.32;
  const word = p.font.includes('Serif') ? 'Asha' : 'YOUR LOGO';
  const size = Math.min(side * 0.22, (area.w * 0.9) / (word.length * 0.62));
  const turn = area.angle ? ` transform="rotate(${area.angle} ${area.cx} ${area.cy})"` : '';
  return `<g${turn}>${star(area.cx, area.cy - side * 0.12, mark / 1.4, p.accent)}<text x="${area.cx}" y="${(area.cy + side * 0.12 + size * 0.8).toFixed(1)}" font-size="${size.toFixed(1)}" ${p.font} fill="${area.ink(p)}" text-anchor="middle">${word}</text></g>`;
}

const ink = (p: Palette) => p.ink;
const paperInk = (p: Palette) => p.paperInk;

export const DRAWINGS: Record<ProductKind, Drawing> = {
  mug: {
    frame: [150, 130, 560],
    art: mugArt,
    print: [{ cx: 390, cy: 440, w: 240, h: 200, size: 44, lines: 3, ink }],
    focus: [225, 275, 330],
    shadow: [400, 622, 210],
    scene: (p, product) =>
      `${desk(590)}<g><rect x="40" y="330" width="320" height="250" rx="16" fill="#3a3f47"/><rect x="58" y="348" width="284" height="214" rx="8" fill="#5b6470"/><rect x="0" y="578" width="410" height="20" rx="6" fill="#2e3238"/></g>${shadow(600, 668, 130, 14)}${place(product, 380, 320, 0.55)}<path d="M560 300 C540 270 580 250 560 220 M600 300 C580 270 620 250 600 220" fill="none" stroke="#9aa5b1" stroke-width="8" stroke-linecap="round" opacity=".45"/>${plant(720, 650)}`,
  },
  bottle: {
    frame: [110, 110, 600],
    art: bottleArt,
    print: [{ cx: 400, cy: 480, w: 300, h: 120, angle: -90, size: 40, lines: 2, ink }],
    focus: [240, 320, 320],
    shadow: [400, 696, 130],
    scene: (p, product) =>
      `${desk(600)}${plant(150, 660)}<rect x="230" y="610" width="240" height="70" rx="8" fill="${p.light}" opacity=".7"/><rect x="230" y="610" width="240" height="14" rx="6" fill="#fff" opacity=".5"/>${shadow(560, 700, 80, 10)}${place(product, 336, 160, 0.58)}`,
  },
  'label-roll': {
    frame: [70, 40, 720],
    art: labelRollArt,
    print: [{ cx: 560, cy: 455, w: 160, h: 112, size: 30, lines: 3, ink }],
    focus: [420, 295, 280],
    shadow: [470, 545, 320],
    scene: (p, product) =>
      `${desk(600)}${shadow(330, 690, 260, 16)}<path d="M120 340 L540 340 L540 690 L120 690Z" fill="#c8965a"/><path d="M120 340 L540 340 L510 300 L150 300Z" fill="#dcae76"/><rect x="300" y="300" width="60" height="390" fill="#e9d3b0" opacity=".6"/><rect x="170" y="440" width="200" height="150" rx="14" fill="${p.main}"/>${sampleLogo(p, { cx: 270, cy: 515, w: 180, h: 130, size: 0, lines: 1, ink })}${place(product, 480, 470, 0.4)}`,
  },
  'label-sheet': {
    frame: [120, 90, 620],
    art: labelSheetArt,
    print: SHEET_LABELS.slice(0, 7).map(({ x, y }) => ({
      cx: x + 75,
      cy: y + 55,
      w: 130,
      h: 90,
      angle: -4,
      size: 22,
      lines: 3,
      ink,
    })),
    focus: [200, 110, 380],
    scene: (p, product) => {
      const jar = (x: number, h: number) =>
        `<g><rect x="${x}" y="${640 - h}" width="150" height="${h}" rx="26" fill="#e6eef4" opacity=".9"/><rect x="${x + 10}" y="${640 - h + 20}" width="20" height="${h - 60}" rx="10" fill="#fff" opacity=".6"/><rect x="${x + 8}" y="${610 - h}" width="134" height="40" rx="10" fill="${p.dark}"/><rect x="${x + 18}" y="${640 - h * 0.62}" width="114" height="90" rx="12" fill="${p.main}"/>${sampleLogo(p, { cx: x + 75, cy: 640 - h * 0.62 + 45, w: 100, h: 80, size: 0, lines: 1, ink })}</g>`;
      return `${desk(640)}${place(product, 520, 300, 0.45, 10)}${jar(70, 300)}${jar(250, 240)}${jar(430, 270)}`;
    },
  },
  sticker: {
    frame: [70, 50, 690],
    art: stickerArt,
    print: [{ cx: 400, cy: 405, w: 300, h: 190, size: 44, lines: 3, ink }],
    focus: [215, 200, 370],
    scene: (p, product) =>
      `${desk(640)}${shadow(400, 650, 330, 18)}<rect x="90" y="150" width="620" height="470" rx="30" fill="#3a3f47"/><rect x="90" y="150" width="620" height="470" rx="30" fill="url(#round)" opacity=".4"/><rect x="60" y="612" width="680" height="28" rx="10" fill="#2b2f36"/>${place(product, 190, 170, 0.52)}<g transform="rotate(-10 250 480)"><rect x="150" y="420" width="200" height="110" rx="20" fill="#fff"/><rect x="162" y="432" width="176" height="86" rx="14" fill="${p.accent}"/></g>${sampleLogo({ ...p, accent: '#fff' }, { cx: 250, cy: 475, w: 170, h: 80, angle: -10, size: 0, lines: 1, ink: () => '#fff' })}`,
  },
  lanyard: {
    frame: [30, 0, 800],
    art: lanyardArt,
    print: [
      { cx: 400, cy: 514, w: 236, h: 62, size: 26, lines: 2, ink },
      { cx: 335, cy: 190, w: 360, h: 32, angle: 77.5, size: 22, lines: 1, ink },
      { cx: 465, cy: 190, w: 360, h: 32, angle: -77.5, size: 22, lines: 1, ink },
    ],
    focus: [230, 330, 340],
    scene: (p, product) =>
      `<rect width="800" height="800" fill="url(#wall)"/><rect x="0" y="0" width="800" height="800" fill="${p.light}" opacity=".12"/><path d="M140 800 C150 560 230 450 330 420 L470 420 C570 450 650 560 660 800Z" fill="#ffffff"/><path d="M140 800 C150 560 230 450 330 420 L470 420 C570 450 650 560 660 800Z" fill="url(#round)" opacity=".4"/><rect x="360" y="330" width="80" height="100" rx="30" fill="#d9a57f"/><path d="M330 420 L400 500 L470 420" fill="#f0f3f6" stroke="#cfd6de" stroke-width="3"/><circle cx="400" cy="250" r="96" fill="#e2b38c"/><path d="M304 240 C300 150 380 130 430 150 C480 160 505 200 498 250 C470 210 420 200 380 210 C350 216 320 230 304 240Z" fill="#3b2a20"/>${place(product, 212, 375, 0.47)}`,
  },
  diary: {
    frame: [110, 90, 640],
    art: diaryArt,
    print: [
      {
        cx: 398,
        cy: 330,
        w: 220,
        h: 170,
        size: 36,
        lines: 3,
        ink: (p) => (p.ink === '#ffffff' ? p.accent : p.ink),
      },
    ],
    focus: [230, 170, 330],
    shadow: [400, 668, 220],
    scene: (p, product) =>
      `<rect width="800" height="800" fill="url(#wood)"/>${shadow(420, 440, 240, 260, 0.25)}${place(product, 120, 90, 0.78, -6)}<circle cx="660" cy="170" r="92" fill="#fff"/><circle cx="660" cy="170" r="72" fill="#6b4a2b"/><circle cx="645" cy="155" r="20" fill="#fff" opacity=".2"/><g transform="rotate(30 640 560)"><rect x="520" y="548" width="260" height="22" rx="11" fill="${p.accent}"/><path d="M780 548 L812 559 L780 570Z" fill="#2b3038"/></g><path d="M60 700 C120 640 190 660 220 740" fill="none" stroke="#3f8f5a" stroke-width="10" stroke-linecap="round"/><ellipse cx="120" cy="690" rx="40" ry="18" fill="#3f8f5a" transform="rotate(-30 120 690)"/>`,
  },
  notebook: {
    frame: [120, 90, 640],
    art: notebookArt,
    print: [{ cx: 429, cy: 282, w: 196, h: 120, size: 30, lines: 3, ink: paperInk }],
    focus: [265, 150, 330],
    shadow: [420, 686, 210],
    scene: (p, product) =>
      `<rect width="800" height="800" fill="url(#wood)"/>${shadow(420, 430, 240, 270, 0.25)}${place(product, 80, 50, 0.82, 6)}<g transform="rotate(-28 640 620)"><rect x="520" y="608" width="250" height="20" rx="10" fill="#f5c542"/><path d="M770 608 L800 618 L770 628Z" fill="#e8c9a0"/><rect x="510" y="608" width="18" height="20" fill="#e36b6b"/></g><rect x="600" y="90" width="150" height="150" rx="8" fill="#fff59d" transform="rotate(8 675 165)"/>`,
  },
  pen: {
    frame: [40, 40, 720],
    art: penArt,
    print: [{ cx: 445, cy: 368, w: 230, h: 30, angle: -35, size: 22, lines: 1, ink }],
    focus: [290, 215, 320],
    scene: (p, product) =>
      `<rect width="800" height="800" fill="url(#wood)"/><rect x="140" y="90" width="520" height="640" rx="10" fill="#fff" transform="rotate(-4 400 410)"/>${Array.from({ length: 12 }, (_, i) => `<line x1="190" y1="${170 + i * 44}" x2="620" y2="${150 + i * 44}" stroke="#cfe0f0" stroke-width="2"/>`).join('')}<path d="M200 210 C240 180 260 230 300 200 S360 190 390 205 S450 180 480 200" fill="none" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/><path d="M200 300 C250 280 280 310 330 290 S410 280 440 296" fill="none" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>${place(product, 140, 160, 0.8)}`,
  },
  'gift-box': {
    frame: [130, 180, 540],
    art: giftBoxArt,
    print: [{ cx: 495, cy: 516, w: 126, h: 86, angle: 7, size: 22, lines: 3, ink: paperInk }],
    focus: [345, 380, 270],
    shadow: [400, 660, 230],
    scene: (p, product) =>
      `${desk(620)}<path d="M0 90 Q200 160 400 100 T800 110" fill="none" stroke="#6b5a45" stroke-width="3"/>${[60, 170, 280, 400, 520, 630, 740].map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 120 : 108}" r="16" fill="${i % 2 ? p.accent : p.light}" opacity=".9"/>`).join('')}${shadow(230, 690, 130, 12)}<rect x="120" y="470" width="220" height="220" fill="${p.light}"/><rect x="215" y="470" width="30" height="220" fill="${p.main}"/>${shadow(470, 704, 210, 14)}${place(product, 180, 250, 0.72)}`,
  },
  badge: {
    frame: [100, 130, 660],
    art: badgeArt,
    print: [{ cx: 400, cy: 395, w: 270, h: 170, size: 42, lines: 3, ink: paperInk }],
    focus: [220, 205, 360],
    scene: (p, product) =>
      `<rect width="800" height="800" fill="url(#wall)"/><path d="M290 160 C290 40 510 40 510 160" fill="none" stroke="#d9ccb4" stroke-width="30"/><path d="M160 180 L640 180 L690 780 L110 780Z" fill="#efe6d6"/><path d="M160 180 L640 180 L690 780 L110 780Z" fill="url(#round)" opacity=".3"/>${place(product, 255, 270, 0.42)}<g transform="translate(470 300) scale(.26)"><circle cx="400" cy="385" r="222" fill="${p.accent}"/><circle cx="400" cy="385" r="170" fill="#fff"/>${star(400, 385, 90, p.main)}</g>`,
  },
  tag: {
    frame: [90, 30, 680],
    art: tagArt,
    print: [{ cx: 400, cy: 455, w: 220, h: 230, angle: -8, size: 40, lines: 4, ink }],
    focus: [240, 290, 330],
    scene: (p, product) =>
      `${desk(660)}${shadow(400, 720, 230, 16)}<path d="M190 300 L610 300 L650 720 L150 720Z" fill="#c8965a"/><path d="M190 300 L610 300 L600 340 L200 340Z" fill="#000" opacity=".1"/><path d="M300 300 C300 180 500 180 500 300" fill="none" stroke="#8a6a45" stroke-width="12"/>${place(product, 330, 215, 0.48, 6)}`,
  },
  trophy: {
    frame: [130, 110, 560],
    art: trophyArt,
    print: [
      {
        cx: 400,
        cy: 575,
        w: 172,
        h: 78,
        size: 24,
        lines: 3,
        ink: (p) => (p.paperInk === '#1f3a5f' ? p.main : '#4a2c00'),
      },
    ],
    focus: [240, 420, 320],
    shadow: [400, 650, 190],
    scene: (p, product) =>
      `<rect width="800" height="800" fill="url(#wall)"/><rect x="60" y="150" width="240" height="180" rx="6" fill="${p.main}"/><rect x="80" y="170" width="200" height="140" fill="#fff"/><line x1="110" y1="210" x2="250" y2="210" stroke="${p.light}" stroke-width="8"/><line x1="120" y1="245" x2="240" y2="245" stroke="#d6dce3" stroke-width="6"/><line x1="130" y1="270" x2="230" y2="270" stroke="#d6dce3" stroke-width="6"/><rect y="640" width="800" height="40" fill="url(#wood)"/><rect y="680" width="800" height="120" fill="#000" opacity=".06"/>${shadow(480, 646, 150, 10)}${place(product, 200, 5, 0.7)}${plant(700, 640)}`,
  },
};
