import { isStaff } from '../../../shared/domain/roles.js';

/** Moderators and administrators may post a product that already has an active deal (allowDuplicate, notes/products.md). */
export const mayRepostProduct = (actor: { role: string }): boolean => isStaff(actor);
