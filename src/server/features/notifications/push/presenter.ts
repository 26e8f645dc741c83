import type { PushDevice } from '../../../../shared/schemas/members/notifications.js';
import type { PushDeviceRow } from './devices.js';

/** A device as its member sees it: its name and dates, never the endpoint or keys. */
export const presentDevice = (d: PushDeviceRow): PushDevice => ({ id: Number(d.id), name: d.name, createdAt: d.created_at, lastUsedAt: d.last_used_at });
