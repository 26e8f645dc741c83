/**
 * A deleted account stays as a row named `deleted-<id>` (its deals, comments and votes keep their author), and every
 * place that shows an author shows it as "deleted member" (docs/notes/data-rights.md). Sign-up and profile changes
 * refuse names of that shape, so only a deleted account carries one.
 */
export const DELETED_MEMBER_NAME = 'deleted member';

const DELETED_USERNAME = /^deleted-\d+$/i;

export const deletedUsername = (id: number) => `deleted-${id}`;

export const isDeletedUsername = (username: string | null | undefined): boolean => !!username && DELETED_USERNAME.test(username);

/** The name to show for an author: "deleted member" for a deleted account, else the username as it is. */
export function authorName<T extends string | null | undefined>(username: T): T | typeof DELETED_MEMBER_NAME {
  return isDeletedUsername(username) ? DELETED_MEMBER_NAME : username;
}

/** The address a deleted account keeps: unique (the column is) and never deliverable (.invalid, RFC 2606). */
export const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;
