import crypto from 'node:crypto';
import { sql } from 'kysely';
import { DELETED_MEMBER_NAME, deletedEmail, deletedUsername } from '../../../shared/domain/members/deleted-member.js';
import { CONFIRM_USERNAME_MISMATCH, type AccountDeleteInput } from '../../../shared/schemas/members/account.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { removeUpload } from '../../services/images.js';
import { deleteDealIn, inDealChange, recountComments, type Tx } from '../deals/index.js';
import { logModeration } from '../moderation/index.js';
import { USER_NOT_FOUND } from '../users/index.js';
import { assertSecondFactor } from '../security/index.js';
import { assertDeletable, assertPassword } from './policy.js';
import { removeExportFiles } from './exports/index.js';

/**
 * "Delete my account" (docs/notes/data-rights.md): the account is anonymised at once and for good, in one transaction.
 * The row stays (as `deleted-<id>`, shown as "deleted member"), so live deals, comments and votes keep an author and
 * the temperatures do not move; what is the member's own goes. Staff accounts are demoted first.
 */
type Deps = Pick<AppDeps, 'db' | 'events' | 'config'>;

export interface DeletionContext {
  trx: Tx;
  user: UserRow;
  now: string;
  removeComments: boolean;
}

/** What goes with an account, one step per table, run in order in the deletion's transaction. */
export type CleanupStep = (ctx: DeletionContext) => Promise<void>;

const byUser =
  (
    table:
      | 'alerts'
      | 'push_devices'
      | 'saved_deals'
      | 'email_tokens'
      | 'notification_preferences'
      | 'notification_mail_state'
      | 'notifications'
      | 'sessions'
      | 'two_factor'
      | 'recovery_codes'
      | 'passkeys'
      | 'webauthn_challenges'
      | 'security_events',
  ) =>
  async ({ trx, user }: DeletionContext) => {
    await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
  };

export const cleanupSteps: CleanupStep[] = [
  // Alerts (their matches go with them), push devices (their deliveries too), saves, mailed links, the member's own
  // notifications and notification settings.
  byUser('alerts'),
  byUser('push_devices'),
  byUser('saved_deals'),
  byUser('email_tokens'),
  byUser('notifications'),
  byUser('notification_preferences'),
  byUser('notification_mail_state'),
  // Sign-ins and their proofs: every session ends at once (and token_version moves below), two-factor and passkeys go,
  // and the security activity list with them.
  byUser('sessions'),
  byUser('two_factor'),
  byUser('recovery_codes'),
  byUser('passkeys'),
  byUser('webauthn_challenges'),
  byUser('security_events'),
  // Others' notifications name the member in their sentences: they say "deleted member" from now on.
  async ({ trx, user }) => {
    await trx
      .updateTable('notifications')
      .set({ text: sql<string>`replace(text, ${user.username}, ${DELETED_MEMBER_NAME})` })
      .where('actor_id', '=', user.id)
      .execute();
  },
  // Archives already made are the member's data too (their files go after the commit).
  async ({ trx, user }) => {
    await trx.deleteFrom('data_exports').where('user_id', '=', user.id).execute();
  },
  async (ctx) => {
    if (ctx.removeComments) await removeCommentTexts(ctx);
  },
];

/**
 * "Also remove my comments' text": a top-level comment with replies stays as the '[deleted]' placeholder (the replies
 * keep their context), every other one goes; a placeholder of someone else's left without replies goes too, as when a
 * comment is deleted by hand (comments/commands.ts). The deals' comment counts are set again from what is shown.
 */
async function removeCommentTexts({ trx, user, now }: DeletionContext): Promise<void> {
  const dealIds = (await trx.selectFrom('comments').select('deal_id').distinct().where('user_id', '=', user.id).execute()).map((r) => Number(r.deal_id));
  if (dealIds.length === 0) return;
  const withReplies = sql<boolean>`exists (select 1 from comments r where r.parent_id = comments.id)`;
  const noReplies = sql<boolean>`not exists (select 1 from comments r where r.parent_id = comments.id)`;
  const kept = trx.selectFrom('comments').select('id').where('user_id', '=', user.id).where('parent_id', 'is', null).where(withReplies);
  await trx.deleteFrom('comment_likes').where('comment_id', 'in', kept).execute();
  await trx
    .updateTable('comments')
    .set({ text: '', deleted_at: now, like_count: 0 })
    .where('user_id', '=', user.id)
    .where('parent_id', 'is', null)
    .where(withReplies)
    .execute();
  // The parents of the replies about to go: a placeholder among them may be left empty.
  const parents = (
    await trx.selectFrom('comments').select('parent_id').distinct().where('user_id', '=', user.id).where('parent_id', 'is not', null).execute()
  ).map((r) => Number(r.parent_id));
  await trx.deleteFrom('comments').where('user_id', '=', user.id).where('deleted_at', 'is', null).execute();
  for (let i = 0; i < parents.length; i += 500) {
    await trx
      .deleteFrom('comments')
      .where('id', 'in', parents.slice(i, i + 500))
      .where('deleted_at', 'is not', null)
      .where(noReplies)
      .execute();
  }
  await recountComments(trx, dealIds);
}

export interface DeletionRequest {
  /** Who asked: the member, or an administrator (then `reason` is logged). */
  actor: UserRow;
  removeComments: boolean;
  reason?: string;
}

/**
 * Anonymises the account in one transaction: the steps above, its pending deals removed (live ones stay), and the row
 * itself renamed, its address replaced by an undeliverable one, bio and avatar emptied, the password made unusable and
 * token_version bumped (every token of the account answers 401 at once, on every process: the session cache is
 * dropped by the write). The avatar and export files go after the commit.
 */
export async function anonymiseAccount(deps: Deps, userId: number, req: DeletionRequest): Promise<UserRow> {
  let exportKeys: string[] = [];
  let avatar: string | null = null;
  const updated = await inDealChange(deps, async (scope) => {
    const { trx, nowIso: now } = scope;
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .$if(deps.db.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!user || user.deleted_at) throw notFound(USER_NOT_FOUND);
    assertDeletable(user);
    avatar = user.avatar;
    exportKeys = (await trx.selectFrom('data_exports').select('storage_key').where('user_id', '=', user.id).execute())
      .map((r) => r.storage_key)
      .filter((k): k is string => !!k);
    const pending = await trx.selectFrom('deals').select('id').where('user_id', '=', user.id).where('status', '=', 'pending').execute();
    for (const { id } of pending) {
      await deleteDealIn(scope, deps, {
        id: Number(id),
        actor: { id: req.actor.id, role: req.actor.role },
        origin: req.actor.id === user.id ? 'member' : 'admin',
        audit: () => false,
      });
    }
    const ctx: DeletionContext = { trx, user, now, removeComments: req.removeComments };
    for (const step of cleanupSteps) await step(ctx);
    const name = deletedUsername(user.id);
    const row = await trx
      .updateTable('users')
      .set({
        username: name,
        username_key: name,
        email: deletedEmail(user.id),
        bio: null,
        avatar: null,
        // Not a hash of anything: no password ever matches it.
        password_hash: `!deleted:${crypto.randomBytes(16).toString('hex')}`,
        email_verified_at: null,
        role: 'user',
        token_version: sql<number>`token_version + 1`,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (req.actor.id !== user.id) {
      await logModeration(trx, {
        actorId: req.actor.id,
        action: 'account-delete',
        entityType: 'user',
        entityId: user.id,
        entityTitle: name,
        before: { username: user.username, role: user.role },
        after: { username: name, removeComments: req.removeComments },
        reason: req.reason ?? null,
      });
    }
    return row;
  });
  await removeUpload(deps.config.uploadsDir, avatar);
  await removeExportFiles(deps.config.uploadsDir, exportKeys);
  return updated;
}

/**
 * POST /account/delete: the password, the username typed as it is, and the second factor's checks (policy.ts), then
 * the deletion. Security activity (when it exists): record "deletion requested" here, before anonymiseAccount.
 */
export async function deleteOwnAccount(deps: Deps, user: UserRow, input: AccountDeleteInput): Promise<UserRow> {
  await assertPassword(user, input.password);
  if (input.confirmUsername.trim() !== user.username) throw badRequest(CONFIRM_USERNAME_MISMATCH, 'confirmUsername');
  assertDeletable(user);
  // With two-factor on, a current code or an unused recovery code too.
  await assertSecondFactor(deps, user, input.code);
  return anonymiseAccount(deps, user.id, { actor: user, removeComments: input.removeComments ?? false });
}
