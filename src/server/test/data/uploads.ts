/** Request bodies for upload tests. */
import sharp from 'sharp';

/** A small real PNG. */
export const pngBytes = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .png()
    .toBuffer();

/** A multipart/form-data body with one file part, spread into h.request. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----quidsin${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
