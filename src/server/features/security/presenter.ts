import type { PasskeyItem, SecurityEventItem, SessionItem } from '../../../shared/schemas/members/account-security.js';
import type { SecurityEventKind } from '../../../shared/domain/members/account-security.js';
import type { Selectable } from 'kysely';
import type { PasskeysTable, SecurityEventsTable, SessionRow } from '../../db/schema.js';

export const presentSession = (row: SessionRow, currentId: number | undefined): SessionItem => ({
  id: Number(row.id),
  browser: row.browser,
  ipHint: row.ip_hint,
  method: row.method,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  current: Number(row.id) === currentId,
});

export const presentPasskey = (row: Selectable<PasskeysTable>): PasskeyItem => ({
  id: Number(row.id),
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export const presentEvent = (row: Pick<Selectable<SecurityEventsTable>, 'id' | 'kind' | 'browser' | 'ip_hint' | 'created_at'>): SecurityEventItem => ({
  id: Number(row.id),
  kind: row.kind as SecurityEventKind,
  browser: row.browser,
  ipHint: row.ip_hint,
  createdAt: row.created_at,
});
