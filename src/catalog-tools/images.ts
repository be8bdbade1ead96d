import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import jpeg from 'jpeg-js';
import { CATEGORIES, type Category, IMAGE_VARIANTS } from './vocabulary';

/**
 * The demo catalog's event images: one per category and colour variant, committed under public/img/
 * and served by the dashboard's own origin, so the service works offline. Drawn as SVG, served as JPEG:
 * a browser builds a whole document for each SVG image, on the page's main thread (30–190 ms each at
 * Lighthouse's phone speed, measured in a trace), while a JPEG decodes off it (and is 3 kB, a PNG 15). The SVGs stay for catalogs made
 * before. Regenerate with `npx tsx src/catalog-tools/images.ts`.
 */

/** Pixels across: the largest size an image is shown at (72 px) on a 2× screen. */
const RASTER_SIZE = 144;
const JPEG_QUALITY = 80;

/** White line-art glyph per category, drawn in a 0..100 box centred in the image. */
const GLYPHS: Record<Category, string> = {
  politics:
    '<path d="M10 38 50 14l40 24z"/><path d="M14 44h72M20 50v30M35 50v30M50 50v30M65 50v30M80 50v30M10 86h80"/>',
  world:
    '<circle cx="50" cy="50" r="38"/><ellipse cx="50" cy="50" rx="16" ry="38"/><path d="M12 50h76M18 30h64M18 70h64"/>',
  sports:
    '<circle cx="50" cy="50" r="38"/><path d="M50 12v76M12 50h76"/><path d="M24 22c14 14 14 42 0 56M76 22c-14 14-14 42 0 56"/>',
  crypto:
    '<path d="M50 10 85 30v40L50 90 15 70V30z"/><path d="M50 28 66 37v26L50 72 34 63V37z"/><path d="M50 10v18M50 72v18"/>',
  economics:
    '<path d="M12 88h76"/><path d="M20 88V62M36 88V50M52 88V58M68 88V36M84 88V24"/><path d="M14 54 36 36l16 10 30-30"/>',
  business:
    '<rect x="12" y="32" width="76" height="52" rx="6"/><path d="M36 32V22h28v10M12 54h76M46 54v8h8v-8"/>',
  tech: '<rect x="26" y="26" width="48" height="48" rx="4"/><rect x="38" y="38" width="24" height="24"/><path d="M36 12v14M50 12v14M64 12v14M36 74v14M50 74v14M64 74v14M12 36h14M12 50h14M12 64h14M74 36h14M74 50h14M74 64h14"/>',
  science:
    '<circle cx="50" cy="50" r="6"/><ellipse cx="50" cy="50" rx="40" ry="14"/><ellipse cx="50" cy="50" rx="40" ry="14" transform="rotate(60 50 50)"/><ellipse cx="50" cy="50" rx="40" ry="14" transform="rotate(120 50 50)"/>',
  culture:
    '<path d="M38 74V22l40-8v52"/><circle cx="30" cy="74" r="10"/><circle cx="70" cy="66" r="10"/><path d="M38 34l40-8"/>',
};

/** Three gradients per category (variant 0 is the category's signature colour). */
const PALETTES: Record<Category, [string, string][]> = {
  politics: [
    ['#1e3a8a', '#3b82f6'],
    ['#7f1d1d', '#ef4444'],
    ['#312e81', '#a855f7'],
  ],
  world: [
    ['#065f46', '#10b981'],
    ['#0c4a6e', '#0ea5e9'],
    ['#3f6212', '#84cc16'],
  ],
  sports: [
    ['#9a3412', '#f97316'],
    ['#14532d', '#22c55e'],
    ['#1e40af', '#f59e0b'],
  ],
  crypto: [
    ['#78350f', '#f59e0b'],
    ['#4c1d95', '#8b5cf6'],
    ['#134e4a', '#14b8a6'],
  ],
  economics: [
    ['#064e3b', '#34d399'],
    ['#1e293b', '#64748b'],
    ['#365314', '#a3e635'],
  ],
  business: [
    ['#1f2937', '#6b7280'],
    ['#0f766e', '#2dd4bf'],
    ['#7c2d12', '#fb923c'],
  ],
  tech: [
    ['#0e7490', '#22d3ee'],
    ['#3730a3', '#818cf8'],
    ['#111827', '#10b981'],
  ],
  science: [
    ['#581c87', '#c084fc'],
    ['#0f172a', '#38bdf8'],
    ['#166534', '#4ade80'],
  ],
  culture: [
    ['#9d174d', '#f472b6'],
    ['#7e22ce', '#f0abfc'],
    ['#b45309', '#fde047'],
  ],
};

export function imageSvg(category: Category, variant: number): string {
  const [from, to] = PALETTES[category][variant % PALETTES[category].length]!;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">',
    `<title>${category}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="200" height="200" fill="url(#g)"/>',
    '<circle cx="170" cy="30" r="60" fill="#fff" opacity=".08"/>',
    `<g transform="translate(40 40) scale(1.2)" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[category]}</g>`,
    '</svg>',
  ].join('');
}

export function writeImages(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const category of CATEGORIES) {
    for (let variant = 0; variant < IMAGE_VARIANTS; variant++) {
      const svg = imageSvg(category, variant);
      const name = `${category}-${variant}`;
      writeFileSync(join(dir, `${name}.svg`), `${svg}\n`);
      const image = new Resvg(svg, { fitTo: { mode: 'width', value: RASTER_SIZE } }).render();
      const { width, height } = image;
      const encoded = jpeg.encode({ data: Buffer.from(image.pixels), width, height }, JPEG_QUALITY);
      writeFileSync(join(dir, `${name}.jpg`), encoded.data);
      written.push(`${name}.svg`, `${name}.jpg`);
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dir = resolve(import.meta.dirname, '../../public/img');
  console.log(`wrote ${writeImages(dir).length} images to ${dir}`);
}
