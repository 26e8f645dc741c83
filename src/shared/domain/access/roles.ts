/**
 * Who someone is (SPEC §6): the signed-in account as `{ id, role }`, a visitor as null or undefined. The rules built on
 * these are in permissions.ts; these three sit apart because the web's first screens need them (the header's Admin
 * link, the guards, the cards' vote buttons) and the rest of the rules would weigh on every first load
 * (docs/notes/web-weight.md). docs/ARCHITECTURE.md §5 "Roles".
 */

/** The part of an account the rules read: a users row, the API's user, a lifecycle actor. */
export interface Account {
  id: number;
  role: string;
}
export type Who = Account | null | undefined;
type WhoseRole = Pick<Account, 'role'> | null | undefined;

/** The back office: an account whose role is admin. The role alone decides, on the server and in the web. */
export const isAdmin = (who: WhoseRole): boolean => who?.role === 'admin';

/** The team: moderators and administrators (delete any comment, edit or delete any deal, the report queue). */
export const isStaff = (who: WhoseRole): boolean => who?.role === 'admin' || who?.role === 'moderator';

/** The signed-in account is the one that owns the thing (a deal's poster, a comment's author, a profile). */
export const isOwner = (who: Who, ownerId: number | null | undefined): boolean => !!who && ownerId != null && who.id === ownerId;
