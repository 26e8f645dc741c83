import { isAdmin } from '../../../shared/domain/access/roles.js';
import type { UserRow } from '../../db/schema.js';

/** Categories are the catalogue: administrators add, edit and delete them (SPEC §6); everyone reads them. */
export const mayEditCategories = (user: UserRow): boolean => isAdmin(user);
