import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * Reads the one multipart file of a request under `field`, refusing anything over `maxBytes` with 413.
 * The declared type is only a first filter: storeImage() decides by decoding the content.
 */
export async function readSingleUpload(request: FastifyRequest, field: string, maxBytes: number, tooLargeMessage: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, `Send the file as multipart/form-data in the field "${field}"`);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== field) throw new HttpError(400, `No file received in the field "${field}"`, { field });
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage, { field });
    throw err;
  }
  if (part.file.truncated) throw new HttpError(413, tooLargeMessage, { field });
  if (buffer.length === 0) throw new HttpError(400, `No file received in the field "${field}"`, { field });
  return { buffer, filename: part.filename, mimetype: part.mimetype };
}
