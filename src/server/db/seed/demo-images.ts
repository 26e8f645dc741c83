import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1].replace(/\W*\w*$/, '')}…`;
  }
  return lines;
}

/** A product card: a gradient in the category's hue, the product name, the store and the price. */
function productSvg(title: string, store: string, priceLabel: string, hue: number): string {
  const lines = wrap(title, 24, 4);
  const startY = 300 - (lines.length - 1) * 30;
  const text = lines
    .map((l, i) => `<text x="400" y="${startY + i * 60}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="46" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 70%, 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 75%, 28%)"/>
  </linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="690" cy="110" r="180" fill="#fff" opacity="0.08"/><circle cx="90" cy="560" r="150" fill="#fff" opacity="0.06"/>
  ${text}
  <text x="40" y="560" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#fff" opacity="0.9">${escapeXml(store)}</text>
  <rect x="560" y="515" width="210" height="62" rx="31" fill="#fff"/>
  <text x="665" y="558" font-family="DejaVu Sans, sans-serif" font-size="32" font-weight="bold" fill="hsl(${hue}, 70%, 30%)" text-anchor="middle">${escapeXml(priceLabel)}</text>
</svg>`;
}

/**
 * Renders a demo deal image locally (no network) into uploads/deals/ as WebP, with the -thumb sibling that
 * storeImage() would make, and returns their public paths.
 */
export async function renderDemoImage(
  uploadsDir: string,
  product: { title: string; store: string; priceLabel: string; hue: number },
): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const dir = path.join(uploadsDir, 'deals');
  await fs.mkdir(dir, { recursive: true });
  const name = `demo-${crypto.randomBytes(6).toString('hex')}`;
  // Rasterise the SVG once; effort 0 keeps the WebP encodes fast enough for ~150 images in a couple of seconds.
  const { data, info } = await sharp(Buffer.from(productSvg(product.title, product.store, product.priceLabel, product.hue)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([
    sharp(data, raw).webp({ quality: 80, effort: 0 }).toFile(path.join(dir, `${name}.webp`)),
    sharp(data, raw).resize({ width: 320 }).webp({ quality: 72, effort: 0 }).toFile(path.join(dir, `${name}-thumb.webp`)),
  ]);
  return { imageUrl: `/uploads/deals/${name}.webp`, thumbnailUrl: `/uploads/deals/${name}-thumb.webp` };
}
