// Renders the installable app's icons (public/icons/*.png) from the favicon's drawing in
// index.html: `node apps/web/scripts/pwaIcons.mjs`. The PNGs are committed; run this again only
// when the drawing changes. sharp comes with the server's dependencies.
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, '..', 'public', 'icons');
const BG = '#0b0f14';
const LINE = '#22d3a6';
const TAPE = 'M5 22 L12 14 L17 18 L27 8';

/** `inset`: the share of the side left around the line (maskable icons keep to the middle 80 %). */
const svg = ({ rounded, inset }) => {
  const scale = 1 - 2 * inset;
  const offset = 32 * inset;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
      `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${BG}"/>` +
      `<g transform="translate(${offset} ${offset}) scale(${scale})">` +
      `<path d="${TAPE}" fill="none" stroke="${LINE}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>` +
      `</g></svg>`,
  );
};

const icons = [
  ['icon-192.png', 192, { rounded: true, inset: 0 }],
  ['icon-512.png', 512, { rounded: true, inset: 0 }],
  ['icon-maskable-512.png', 512, { rounded: false, inset: 0.12 }],
];
for (const [name, size, shape] of icons) {
  await sharp(svg(shape), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`wrote ${name}`);
}
