import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { EXPORT_SECTIONS, readme, type SectionContext } from './sections.js';

/**
 * Writes the archive to a temporary file with yazl (streaming: each section's JSON is deflated as it is read, so memory
 * stays at a page of rows whatever the member's history) and answers its path and size; the caller removes it.
 */
export async function writeArchive(ctx: SectionContext): Promise<{ file: string; size: number }> {
  const file = path.join(os.tmpdir(), `quidsin-export-${crypto.randomBytes(8).toString('hex')}.zip`);
  const zip = new ZipFile();
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  zip.outputStream.pipe(out);
  const now = new Date();
  const folder = `quidsin-data-${ctx.user.username}`;
  zip.addBuffer(Buffer.from(readme(ctx, now.toISOString()), 'utf8'), `${folder}/README.txt`, { mtime: now });
  const failures: unknown[] = [];
  for (const section of EXPORT_SECTIONS) {
    const stream = Readable.from(section.write(ctx));
    // A failed read ends the archive unfinished: the job records the failure and tries again.
    stream.on('error', (err) => {
      failures.push(err);
      out.destroy(err as Error);
    });
    zip.addReadStream(stream, `${folder}/${section.file}`, { mtime: now });
  }
  zip.end();
  try {
    await done;
    if (failures.length > 0) throw failures[0];
  } catch (err) {
    await fsp.rm(file, { force: true });
    throw err;
  }
  return { file, size: (await fsp.stat(file)).size };
}
