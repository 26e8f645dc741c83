import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { toPounds } from '../../../../shared/domain/money.js';
import type { Database, UserRow } from '../../../db/schema.js';
import { selectDealsWithRefs } from '../../deals/index.js';

/**
 * What "Download my data" puts in the archive (docs/notes/data-rights.md): one JSON file per section, in this order,
 * each listed in the archive's README.txt with its `about`. Lists are read a page at a time by id and written as they
 * are read, so a member with 100,000 comments costs a page of rows in memory, not all of them.

 */
export interface SectionContext {
  db: Kysely<Database>;
  user: UserRow;
  publicUrl: string;
}

export interface ExportSection {
  file: string;
  about: string;
  /** The file's JSON text, in pieces. */
  write(ctx: SectionContext): AsyncIterable<string>;
}

const PAGE = 1000;

/** A single JSON value. */
const value = (read: (ctx: SectionContext) => Promise<unknown>) =>
  async function* (ctx: SectionContext): AsyncIterable<string> {
    yield `${JSON.stringify(await read(ctx), null, 2)}\n`;
  };

/**
 * A query for the member's rows of one table and what it joins: `table` is the name or alias that holds `user_id` and
 * `id`, which the sections below filter and order on.
 */
interface Owned<DB, TB extends keyof DB, R> {
  table: string;
  query: (db: Kysely<Database>) => SelectQueryBuilder<DB, TB, R>;
}

const mine = <DB, TB extends keyof DB, R>({ table, query }: Owned<DB, TB, R>, ctx: SectionContext) =>
  query(ctx.db).where(sql.ref<number>(`${table}.user_id`), '=', ctx.user.id);

/** A short list (likes, saved deals, alerts…) as one JSON array, in `order` (a column of `table`). */
const allRows = <DB, TB extends keyof DB, R>(owned: Owned<DB, TB, R>, order: string, shape: (row: R, ctx: SectionContext) => unknown) =>
  value(async (ctx) =>
    (
      await mine(owned, ctx)
        .orderBy(sql.ref(`${owned.table}.${order}`))
        .execute()
    ).map((r) => shape(r, ctx)),
  );

/** A JSON array read a page at a time, keyed by the table's growing id. */
const list = <DB, TB extends keyof DB, R extends { id: number }>(owned: Owned<DB, TB, R>, shape: (row: R, ctx: SectionContext) => unknown) =>
  async function* (ctx: SectionContext): AsyncIterable<string> {
    const id = sql.ref<number>(`${owned.table}.id`);
    yield '[';
    let after = 0;
    let first = true;
    for (;;) {
      const rows = await mine(owned, ctx).where(id, '>', after).orderBy(id).limit(PAGE).execute();
      if (rows.length === 0) break;
      let text = '';
      for (const r of rows) {
        text += `${first ? '\n  ' : ',\n  '}${JSON.stringify(shape(r, ctx))}`;
        first = false;
      }
      // One piece per page: a page's text is the most held at once.
      yield text;
      after = Number(rows[rows.length - 1]?.id);
      if (rows.length < PAGE) break;
    }
    yield first ? ']\n' : '\n]\n';
  };

const absolute = (ctx: SectionContext, url: string | null) => (url?.startsWith('/') ? `${ctx.publicUrl}${url}` : url);

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    file: 'account.json',
    about: 'Your account: username, email address, role, when it was made and when your email was verified.',
    write: value(async ({ user }) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      emailVerifiedAt: user.email_verified_at,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    })),
  },
  {
    file: 'profile.json',
    about: 'Your public profile: bio and avatar picture (its address on the site).',
    write: value(async (ctx) => ({ username: ctx.user.username, bio: ctx.user.bio, avatarUrl: absolute(ctx, ctx.user.avatar) })),
  },
  {
    file: 'deals.json',
    about: 'Every deal you posted, whatever its status (active, pending, expired, rejected, deleted), with its votes and temperature.',
    write: list({ table: 'd', query: selectDealsWithRefs }, (d, ctx) => ({
      id: Number(d.id),
      title: d.title,
      description: d.description,
      url: d.url,
      imageUrl: absolute(ctx, d.image_url),
      price: toPounds(d.price_pence),
      originalPrice: toPounds(d.original_price_pence),
      coupon: d.coupon,
      status: d.status,
      category: d.category_name,
      store: d.store_name,
      createdAt: d.created_at,
      updatedAt: d.updated_at,
      publishedAt: d.published_at,
      expiresAt: d.expires_at,
      upvotes: Number(d.upvotes),
      downvotes: Number(d.downvotes),
      temperature: Number(d.temperature),
      commentCount: Number(d.comment_count),
      link: `${ctx.publicUrl}/dealDetail/${d.id}`,
    })),
  },
  {
    file: 'comments.json',
    about: 'Every comment you wrote, with the deal it is on and the comment it answers.',
    write: list(
      {
        table: 'c',
        query: (db) =>
          db
            .selectFrom('comments as c')
            .leftJoin('deals as d', 'd.id', 'c.deal_id')
            .select(['c.id', 'c.deal_id', 'd.title as deal_title', 'c.parent_id', 'c.text', 'c.created_at', 'c.like_count', 'c.deleted_at']),
      },
      (c) => ({
        id: Number(c.id),
        dealId: Number(c.deal_id),
        dealTitle: c.deal_title,
        inReplyTo: c.parent_id === null ? null : Number(c.parent_id),
        text: c.text,
        createdAt: c.created_at,
        likes: Number(c.like_count),
        deletedAt: c.deleted_at,
      }),
    ),
  },
  {
    file: 'votes.json',
    about: 'Your votes on deals: up (hot) or down (cold), and when.',
    write: list(
      {
        table: 'v',
        query: (db) =>
          db
            .selectFrom('votes as v')
            .leftJoin('deals as d', 'd.id', 'v.deal_id')
            .select(['v.id', 'v.deal_id', 'd.title as deal_title', 'v.vote_type', 'v.created_at']),
      },
      (v) => ({ dealId: Number(v.deal_id), dealTitle: v.deal_title, vote: Number(v.vote_type) > 0 ? 'up' : 'down', createdAt: v.created_at }),
    ),
  },
  {
    file: 'comment-likes.json',
    about: 'The comments you liked.',
    write: allRows({ table: 'comment_likes', query: (db) => db.selectFrom('comment_likes').select(['comment_id', 'created_at']) }, 'created_at', (l) => ({
      commentId: Number(l.comment_id),
      likedAt: l.created_at,
    })),
  },
  {
    file: 'saved-deals.json',
    about: 'The deals you saved.',
    write: allRows(
      {
        table: 's',
        query: (db) => db.selectFrom('saved_deals as s').leftJoin('deals as d', 'd.id', 's.deal_id').select(['s.deal_id', 'd.title', 's.created_at']),
      },
      'created_at',
      (s) => ({ dealId: Number(s.deal_id), dealTitle: s.title, savedAt: s.created_at }),
    ),
  },
  {
    file: 'alerts.json',
    about: 'Your keyword alerts and their settings.',
    write: allRows({ table: 'alerts', query: (db) => db.selectFrom('alerts').selectAll() }, 'id', (a) => ({
      id: Number(a.id),
      query: a.query,
      categoryId: a.category_id,
      storeId: a.store_id,
      maxPrice: toPounds(a.max_price_pence),
      minTemperature: a.min_temperature,
      frequency: a.frequency,
      paused: !!Number(a.paused),
      createdAt: a.created_at,
      updatedAt: a.updated_at,
      lastSentAt: a.last_sent_at,
    })),
  },
  {
    file: 'notification-preferences.json',
    about: 'How you chose to be told of each kind of notification (on the site, by email, by push); kinds not listed are at their defaults.',
    write: allRows({ table: 'notification_preferences', query: (db) => db.selectFrom('notification_preferences').selectAll() }, 'type', (p) => ({
      type: p.type,
      inApp: !!Number(p.in_app),
      email: !!Number(p.email),
      push: !!Number(p.push),
      updatedAt: p.updated_at,
    })),
  },
  {
    file: 'push-devices.json',
    about: 'The browsers you turned push notifications on for (their names, not their keys).',
    write: allRows({ table: 'push_devices', query: (db) => db.selectFrom('push_devices').select(['name', 'created_at', 'last_used_at']) }, 'id', (d) => ({
      name: d.name,
      addedAt: d.created_at,
      lastUsedAt: d.last_used_at,
    })),
  },
  {
    file: 'sessions.json',
    about: 'Where you are signed in: each session with its browser and system, a coarse part of its network address, and when it started and was last used.',
    write: allRows(
      { table: 'sessions', query: (db) => db.selectFrom('sessions').select(['method', 'browser', 'ip_hint', 'created_at', 'last_used_at', 'expires_at']) },
      'id',
      (x) => ({
        signedInWith: x.method,
        browser: x.browser,
        network: x.ip_hint,
        startedAt: x.created_at,
        lastUsedAt: x.last_used_at,
        expiresAt: x.expires_at,
      }),
    ),
  },
  {
    file: 'passkeys.json',
    about: 'The passkeys you added (their names and dates, not their keys), and whether two-factor sign-in is on.',
    write: value(async ({ db, user }) => {
      const passkeys = await db.selectFrom('passkeys').select(['name', 'created_at', 'last_used_at']).where('user_id', '=', user.id).orderBy('id').execute();
      const twoFactor = await db.selectFrom('two_factor').select(['confirmed_at']).where('user_id', '=', user.id).executeTakeFirst();
      return {
        passkeys: passkeys.map((k) => ({ name: k.name, addedAt: k.created_at, lastUsedAt: k.last_used_at })),
        twoFactorOnSince: twoFactor?.confirmed_at ?? null,
      };
    }),
  },
  {
    file: 'security-activity.json',
    about:
      'Your security activity: sign-ins, two-factor and passkey changes, password and email changes, exports and deletion requests, with browser and a coarse network part.',
    write: list(
      { table: 'security_events', query: (db) => db.selectFrom('security_events').select(['id', 'kind', 'browser', 'ip_hint', 'created_at']) },
      (e) => ({ what: e.kind, when: e.created_at, browser: e.browser, network: e.ip_hint }),
    ),
  },
  {
    file: 'reports.json',
    about: 'The deals you reported to the team, your notes, and what became of each report.',
    write: allRows(
      {
        table: 'r',
        query: (db) =>
          db
            .selectFrom('deal_reports as r')
            .leftJoin('deals as d', 'd.id', 'r.deal_id')
            .select(['r.id', 'r.deal_id', 'd.title', 'r.reason', 'r.note', 'r.created_at', 'r.resolved_at', 'r.resolution']),
      },
      'id',
      (r) => ({
        dealId: Number(r.deal_id),
        dealTitle: r.title,
        reason: r.reason,
        note: r.note,
        reportedAt: r.created_at,
        resolvedAt: r.resolved_at,
        resolution: r.resolution,
      }),
    ),
  },
  {
    file: 'consents.json',
    about: 'Your consents: the terms you accepted to sign up, and where your cookie choice is kept.',
    write: value(async ({ user }) => ({
      termsAndPrivacy: { accepted: true, when: user.created_at, note: 'Accepted when the account was made (signing up requires it).' },
      cookies: {
        storedOnServer: false,
        note: 'Your choice about the link-monetisation script is kept only in your browser (localStorage key "cookie-consent"); change it at /cookies.',
      },
    })),
  },
];

export function readme(ctx: SectionContext, generatedAt: string): string {
  const lines = [
    'QuidsIn: your data',
    '==================',
    '',
    `Account: ${ctx.user.username} (id ${ctx.user.id})`,
    `Made: ${generatedAt} (UTC)`,
    `Site: ${ctx.publicUrl}`,
    '',
    'This archive holds the personal data QuidsIn keeps about your account, as UK GDPR gives you the right to',
    'access and take it (Articles 15 and 20). Each file is JSON (UTF-8), readable in any text editor or',
    'spreadsheet tool that reads JSON. Times are ISO 8601 in UTC; prices in pounds (GBP).',
    '',
    'Files:',
    ...EXPORT_SECTIONS.map((s) => `- ${s.file}: ${s.about}`),
    '',
    'What is not here: your password (we keep only a one-way hash of it, which is of no use to anyone), and the',
    'keyed hash of your network kept with each vote (it cannot be turned back into an address).',
    '',
    `Questions, corrections or erasure: see ${ctx.publicUrl}/privacy. You can delete your account in your profile.`,
    '',
  ];
  return lines.join('\n');
}
