import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyRequire } from './lazy-require.js';

/** Loaded with the first S3Storage: a site on local disk never loads the AWS SDK. */
const awsS3 = lazyRequire<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

/**
 * Where uploaded files live (deal images and thumbnails, avatars, store logos, localised images). Keys are paths
 * relative to /uploads/ ("deals/abc.webp"); the public URL of a key is always /uploads/<key>, whatever the backend, so
 * stored URLs never change when the storage does.
 * - local (default): files under DATA_DIR/uploads, served by @fastify/static;
 * - s3 (STORAGE=s3): any S3-compatible bucket, served through /uploads/ (streamed, or redirected to S3_PUBLIC_URL).
 */
export interface UploadStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk, streamed (a data export can be large): never held in memory whole. Not cached by proxies. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Removes a key; a missing key is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  copy(from: string, to: string): Promise<void>;
  /** Size in bytes, or null when missing. */
  size(key: string): Promise<number | null>;
  /** The stored object for serving, or null when missing. */
  get(key: string): Promise<StoredObject | null>;
  /** Reachable and writable within `ms` (for /api/ready); throws with the reason otherwise. */
  check(ms: number): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * Keys under this folder are never served at /uploads/ (members' data exports): they are read only by the routes that
 * check who is asking. Their names are random too, so a public bucket URL would not be guessed either.
 */
export const PRIVATE_PREFIX = 'private/';
export const isPrivateKey = (key: string) => key.startsWith(PRIVATE_PREFIX);

/** A key we accept: plain path segments of safe characters, no dot-files, no traversal. */
export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  return key.split('/').every((seg) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(seg));
}

/** The key behind a public /uploads/ path, or null when the path is not one of ours. */
export function keyOfPublicPath(publicPath: string | null | undefined): string | null {
  if (!publicPath?.startsWith('/uploads/')) return null;
  const key = publicPath.slice('/uploads/'.length);
  return isStorageKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.zip': 'application/zip',
};
export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export class LocalStorage implements UploadStorage {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fsp.writeFile(tmp, body);
    await fsp.rename(tmp, file);
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await fsp.copyFile(file, tmp);
    await fsp.rename(tmp, target);
  }

  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await fsp.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    return fs.existsSync(this.file(key));
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(this.file(from), target);
  }

  async size(key: string): Promise<number | null> {
    if (!isStorageKey(key)) return null;
    const stat = await fsp.stat(this.file(key)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    const file = this.file(key);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: fs.createReadStream(file), contentType: contentTypeOf(key), size: stat.size, lastModified: stat.mtime };
  }

  async check(ms: number): Promise<void> {
    await withTimeout(fsp.access(this.root, fs.constants.W_OK), ms, 'uploads folder');
  }
}

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
}

const isMissing = (err: unknown) => {
  const { NoSuchKey, NotFound, S3ServiceException } = awsS3();
  return (
    err instanceof NoSuchKey ||
    err instanceof NotFound ||
    (err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'))
  );
};

export class S3Storage implements UploadStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;

  constructor(readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new (awsS3().S3Client)({
      region: settings.region,
      endpoint: settings.endpoint,
      // Path-style URLs work with every S3-compatible server (MinIO, Garage, R2, s3rver); AWS accepts them too.
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible servers do not understand the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
    return key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new (awsS3().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=2592000, immutable',
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(file);
    await this.client.send(
      new (awsS3().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: 'private, no-store',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    try {
      await this.client.send(new (awsS3().DeleteObjectCommand)({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async copy(from: string, to: string): Promise<void> {
    await this.client.send(
      new (awsS3().CopyObjectCommand)({
        Bucket: this.bucket,
        Key: this.key(to),
        CopySource: `${this.bucket}/${this.key(from).split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async size(key: string): Promise<number | null> {
    if (!isStorageKey(key)) return null;
    try {
      const head = await this.client.send(new (awsS3().HeadObjectCommand)({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const res = await this.client.send(new (awsS3().GetObjectCommand)({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return {
        body: res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body.transformToWebStream() as never),
        contentType: res.ContentType ?? contentTypeOf(key),
        size: res.ContentLength,
        etag: res.ETag,
        lastModified: res.LastModified,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async check(ms: number): Promise<void> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ms);
    try {
      await this.client.send(new (awsS3().HeadBucketCommand)({ Bucket: this.bucket }), { abortSignal: abort.signal });
    } catch (err) {
      throw new Error(
        abort.signal.aborted
          ? `bucket "${this.bucket}": no answer within ${ms} ms`
          : `bucket "${this.bucket}": ${(err as Error).name || (err as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Where a public bucket or CDN serves a key (S3_PUBLIC_URL), if configured. */
  publicUrlOf(key: string): string | undefined {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/$/, '')}/${key}` : undefined;
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * The storage behind an uploads folder. Image code receives the folder (config.uploadsDir) as it always has; the app
 * registers the configured storage for its folder at start (buildApp), so that code reaches S3 without knowing it.
 * A folder nobody registered is plain local disk, as before.
 */
const registered = new Map<string, UploadStorage>();

export function useUploadStorage(uploadsDir: string, storage: UploadStorage): () => void {
  const dir = path.resolve(uploadsDir);
  registered.set(dir, storage);
  return () => {
    if (registered.get(dir) === storage) registered.delete(dir);
  };
}

export function uploadStorage(uploadsDir: string): UploadStorage {
  const dir = path.resolve(uploadsDir);
  return registered.get(dir) ?? new LocalStorage(dir);
}

/**
 * Moves files found in the local uploads folder into the bucket (demo images drawn at seeding, or a site moving from
 * local disk to S3): each one is uploaded, checked by size, then removed locally. Returns how many moved.
 */
export async function moveLocalUploads(uploadsDir: string, target: UploadStorage): Promise<number> {
  const local = new LocalStorage(path.resolve(uploadsDir));
  let moved = 0;
  const walk = async (rel: string): Promise<void> => {
    const entries = await fsp.readdir(path.join(local.root, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const key = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(key);
      else if (e.isFile() && isStorageKey(key) && !key.endsWith('.tmp')) {
        const body = await fsp.readFile(path.join(local.root, key));
        await target.put(key, body, contentTypeOf(key));
        if ((await target.size(key)) !== body.length) throw new Error(`upload of ${key} could not be verified`);
        await local.remove(key);
        moved++;
      }
    }
  };
  await walk('');
  return moved;
}
