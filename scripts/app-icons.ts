/**
 * Draws the installable app's icons (src/web/public/icons, committed) from the logo (public/favicon.svg: the white £ on
 * the emerald tile): 192 and 512 px with the tile's rounded corners, and a 512 px "maskable" one whose £ sits inside
 * the safe zone on a full-bleed tile (Android crops it to its own shape). Run after changing the logo:
 * `npx tsx scripts/app-icons.ts`.
 */
import sharp from 'sharp';

const tile = (maskable: boolean) => (maskable ? '<rect width="64" height="64" fill="#059669"/>' : '<rect width="64" height="64" rx="14" fill="#059669"/>');
const pound = (maskable: boolean) =>
  `<text x="32" y="${maskable ? 42 : 44}" font-family="DejaVu Sans,Arial,Helvetica,sans-serif" font-size="${maskable ? 26 : 34}" font-weight="700" text-anchor="middle" fill="#fff">£</text>`;
const svg = (size: number, maskable: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${tile(maskable)}${pound(maskable)}</svg>`;

const icons: Array<[string, number, boolean]> = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
];
for (const [name, size, maskable] of icons) {
  await sharp(Buffer.from(svg(size, maskable)))
    .png({ compressionLevel: 9 })
    .toFile(new URL(`../src/web/public/icons/${name}`, import.meta.url).pathname);
  console.log(`src/web/public/icons/${name}`);
}
