import { isStaff } from '../../../shared/domain/access/roles.js';

/** Moderators and administrators may post a product that already has an active deal (allowDuplicate, notes/products.md). */
export const mayRepostProduct = (actor: { role: string }): boolean => isStaff(actor);
