import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

const sendAs = (field: string) => `Send the file as multipart/form-data in the field "${field}"`;

/** The boundary parameter of a multipart Content-Type, if it has a usable one (RFC 2046: 1-70 characters). */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/**
 * Why reading a multipart body failed, as an error the client can act on. Our limits keep their status (413); anything
 * else the parser threw (no boundary, a body cut short, malformed part headers) is a body we cannot read: 400.
 */
function unreadable(err: unknown, field: string, tooLargeMessage: string): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) return new HttpError(413, tooLargeMessage, { field });
  return new HttpError(400, `The upload could not be read: the multipart/form-data body is malformed or incomplete. ${sendAs(field)}.`, { field });
}

/**
 * Reads the one multipart file of a request under `field`, refusing anything over `maxBytes` with 413 and a body that
 * cannot be read with 400 (never a 500: a malformed upload is the client's mistake).
 * The declared type is only a first filter: storeImage() decides by decoding the content.
 */
export async function readSingleUpload(request: FastifyRequest, field: string, maxBytes: number, tooLargeMessage: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, sendAs(field), { field });
  if (!multipartBoundary(request.headers['content-type'])) {
    throw new HttpError(400, `The multipart/form-data request has no boundary. ${sendAs(field)}, as a browser's FormData does.`, { field });
  }
  let buffer: Buffer;
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== field) throw new HttpError(400, `No file received in the field "${field}". ${sendAs(field)}.`, { field });
    buffer = await part.toBuffer();
  } catch (err) {
    throw unreadable(err, field, tooLargeMessage);
  }
  if (part.file.truncated) throw new HttpError(413, tooLargeMessage, { field });
  if (buffer.length === 0) throw new HttpError(400, `No file received in the field "${field}". ${sendAs(field)}.`, { field });
  return { buffer, filename: part.filename, mimetype: part.mimetype };
}
