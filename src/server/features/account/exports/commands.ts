import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { EXPORT_RUNNING, EXPORT_TTL_HOURS } from '../../../../shared/schemas/members/account.js';
import type { AppDeps } from '../../../deps.js';
import type { DataExportsTable, UserRow } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { conflict, notFound } from '../../../http/errors.js';
import { escapeHtml } from '../../../http/markup.js';
import { isStorageKey, PRIVATE_PREFIX, uploadStorage } from '../../../infra/storage.js';
import { enqueueMail, MESSAGE_KIND } from '../../../services/outbox/index.js';
import { logModeration } from '../../moderation/index.js';
import { recordSecurityEvent } from '../../security/index.js';
import { nowIso, USER_NOT_FOUND } from '../../users/index.js';
import { writeArchive } from './archive.js';
import type { Selectable } from 'kysely';

/**
 * "Download my data" as a durable job (docs/notes/data-rights.md): a request writes a queued row (at most one queued
 * or running per member: the partial unique index answers a second one 409), the worker claims rows, writes the ZIP to
 * the upload storage under a random private key and marks the row ready (expiring in 48 hours) with the "ready" mail
 * in the same transaction (the outbox sends it). A process that dies mid-way leaves its claim to run out: the next
 * tick takes the row again (three attempts, then failed). Expired files are removed by the expiry sweep.
 */
export type ExportRow = Selectable<DataExportsTable>;
type Deps = Pick<AppDeps, 'db' | 'config'>;

export const EXPORT_EVERY_MS = 5_000;
export const EXPORT_EXPIRY_EVERY_MS = 15 * 60_000;
const CLAIM_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
const EXPORT_FOLDER = `${PRIVATE_PREFIX}exports/`;

/**
 * Queues an export of `member`'s data asked by `requester` (the member, or an administrator: logged in the
 * moderation log), and noted in the member's security activity list.
 */
export async function requestExport(deps: Deps, member: UserRow, requester: UserRow, request: FastifyRequest): Promise<ExportRow> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('data_exports')
        .values({ user_id: member.id, requested_by: requester.id, status: 'queued', created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordSecurityEvent(trx, { userId: member.id, kind: 'export-requested', request });
      if (requester.id !== member.id) {
        await logModeration(trx, {
          actorId: requester.id,
          action: 'account-export',
          entityType: 'user',
          entityId: member.id,
          entityTitle: member.username,
          after: { exportId: Number(row.id) },
        });
      }
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EXPORT_RUNNING);
    throw err;
  }
}

/** An administrator's export of a member: the member must exist and not be deleted. */
export async function requestExportFor(deps: Deps, admin: UserRow, memberId: number, request: FastifyRequest): Promise<ExportRow> {
  const member = await deps.db.kysely.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirst();
  if (!member || member.deleted_at) throw notFound(USER_NOT_FOUND);
  return requestExport(deps, member, admin, request);
}

const inFlight = new Set<Promise<unknown>>();

/** Starts the worker now in this process (the tick would take the row within 5 s anyway); errors are logged. */
export function kickExports(deps: Deps, log: FastifyBaseLogger): void {
  const work = runExports(deps, log)
    .catch((err: unknown) => log.error({ err }, 'data export run failed'))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

/** Resolves once the runs started by kicks have finished: app close, and tests. */
export const exportsSettled = async (): Promise<void> => {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
};

/** Takes the oldest export waiting (or left running past its claim), marking it running for this worker. */
async function claimNext(deps: Deps): Promise<ExportRow | undefined> {
  const db = deps.db.kysely;
  for (let tries = 0; tries < 5; tries++) {
    const now = nowIso();
    const next = await db
      .selectFrom('data_exports')
      .select(['id', 'status', 'attempts'])
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    if (Number(next.attempts) >= MAX_ATTEMPTS) {
      await db
        .updateTable('data_exports')
        .set({ status: 'failed', error: 'gave up after repeated failures', finished_at: now, claimed_until: null })
        .where('id', '=', next.id)
        .where('attempts', '=', next.attempts)
        .execute();
      continue;
    }
    // Claimed only if nobody else did since it was read.
    const claimed = await db
      .updateTable('data_exports')
      .set({ status: 'running', claimed_until: new Date(Date.now() + CLAIM_MS).toISOString(), attempts: Number(next.attempts) + 1 })
      .where('id', '=', next.id)
      .where('attempts', '=', next.attempts)
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb('claimed_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

/** The worker: builds every export waiting, one after the other. Answers how many it finished. */
export async function runExports(deps: Deps, log?: FastifyBaseLogger): Promise<number> {
  let done = 0;
  for (let row = await claimNext(deps); row; row = await claimNext(deps)) {
    try {
      await buildExport(deps, row);
      done++;
    } catch (err) {
      log?.error({ err, exportId: row.id }, 'data export failed; it will be tried again');
      await deps.db.kysely
        .updateTable('data_exports')
        .set({ error: String((err as Error)?.message ?? err).slice(0, 500), claimed_until: new Date(Date.now() + 30_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return done;
}

async function buildExport(deps: Deps, row: ExportRow): Promise<void> {
  const db = deps.db.kysely;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user) return;
  const { file, size } = await writeArchive({ db, user, publicUrl: deps.config.publicUrl });
  const key = `${EXPORT_FOLDER}${crypto.randomBytes(24).toString('hex')}.zip`;
  const storage = uploadStorage(deps.config.uploadsDir);
  try {
    await storage.putFile(key, file, 'application/zip');
  } finally {
    await fsp.rm(file, { force: true });
  }
  const finished = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const expires = new Date(Date.now() + EXPORT_TTL_HOURS * 3_600_000).toISOString();
    const updated = await trx
      .updateTable('data_exports')
      .set({ status: 'ready', storage_key: key, size_bytes: size, finished_at: now, expires_at: expires, claimed_until: null, error: null })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .where('attempts', '=', row.attempts)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    const to =
      row.requested_by === null ? undefined : await trx.selectFrom('users').select(['email', 'username']).where('id', '=', row.requested_by).executeTakeFirst();
    if (to) await enqueueMail(trx, { kind: MESSAGE_KIND, dedupeKey: `data-export-ready:${row.id}`, payload: readyMail(deps, to, user, expires) }, now);
    return true;
  });
  // Another worker finished it first (this one's claim had run out): this copy is not wanted.
  if (!finished) await storage.remove(key);
}

function readyMail(deps: Deps, to: { email: string; username: string }, member: UserRow, expires: string) {
  const own = to.username === member.username;
  const link = `${deps.config.publicUrl}/profile#your-data`;
  const what = own ? 'The copy of your QuidsIn data you asked for is ready.' : `The copy of the data of ${member.username} you asked for is ready.`;
  const when = `Download it from your profile (signed in) until ${expires.slice(0, 16).replace('T', ' ')} UTC; after that it is removed.`;
  return {
    to: to.email,
    subject: own ? 'Your QuidsIn data is ready to download' : `The data export of ${member.username} is ready`,
    text: `Hi ${to.username},\n\n${what}\n\n${when}\n\n${link}\n\nThe QuidsIn team`,
    html: `<p>Hi ${escapeHtml(to.username)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(when)}</p><p><a href="${escapeHtml(link)}">Go to your data</a></p><p>The QuidsIn team</p>`,
  };
}

/** The expiry sweep: ready archives past their 48 hours lose their file and are marked expired. */
export async function expireExports(deps: Deps): Promise<number> {
  const db = deps.db.kysely;
  const due = await db
    .selectFrom('data_exports')
    .select(['id', 'storage_key'])
    .where('status', '=', 'ready')
    .where('expires_at', '<=', nowIso())
    .orderBy('expires_at')
    .limit(500)
    .execute();
  await removeExportFiles(
    deps.config.uploadsDir,
    due.map((r) => r.storage_key).filter((k): k is string => !!k),
  );
  if (due.length > 0) {
    await db
      .updateTable('data_exports')
      .set({ status: 'expired', storage_key: null })
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .execute();
  }
  return due.length;
}

/** Removes archives' files (deletion of an account, expiry); a key outside the exports folder is never touched. */
export async function removeExportFiles(uploadsDir: string, keys: string[]): Promise<void> {
  const storage = uploadStorage(uploadsDir);
  for (const key of keys) if (key.startsWith(EXPORT_FOLDER) && isStorageKey(key)) await storage.remove(key);
}
