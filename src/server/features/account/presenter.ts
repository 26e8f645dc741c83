import { authorName } from '../../../shared/domain/members/deleted-member.js';
import type { DataExport } from '../../../shared/schemas/members/account.js';
import type { DataExportsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

/** An export as its requester sees it (the list's rows are shaped the same in exports/queries.ts). */
export function presentExport(row: Selectable<DataExportsTable>, username: string): DataExport {
  return {
    id: Number(row.id),
    status: row.status,
    member: { id: Number(row.user_id), username: authorName(username) },
    requestedAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}
