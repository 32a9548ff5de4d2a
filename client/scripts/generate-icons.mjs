// Renders the PWA icons from the SVG sources in public/icons. Run once after changing the artwork:
//   node client/scripts/generate-icons.mjs
// The PNGs are committed; the build does not run this.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

const outputs = [
  { source: 'logo.svg', file: 'icon-192.png', size: 192 },
  { source: 'logo.svg', file: 'icon-512.png', size: 512 },
  // Maskable icons keep their artwork inside the central 80 % safe zone on a full-bleed background.
  { source: 'icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
];

for (const { source, file, size } of outputs) {
  await sharp(path.join(iconsDir, source), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(iconsDir, file));
  console.log(`${file} ${size}×${size}`);
}
