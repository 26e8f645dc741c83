import { isAdmin } from '../../../shared/domain/access/roles.js';
import type { UserRow } from '../../db/schema.js';

/** Stores are the catalogue: administrators add, edit and delete them and their logos (SPEC §6); everyone reads them. */
export const mayEditStores = (user: UserRow): boolean => isAdmin(user);
