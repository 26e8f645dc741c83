import { z } from 'zod';
import type { ActivationResult, AdminDealPage, AdminUserPage, AiGenerateReply, DeletedReply, LocalizedImage, ScraperRunAllResult, ScraperRunResult } from '../api-admin.js';
import type {
  AdminUser,
  AuthPayload,
  Category,
  Comment,
  DashboardData,
  Deal,
  DealPage,
  PublicUser,
  ScraperInfo,
  ScraperLog,
  Store,
  UploadResult,
  UserCommentsPage,
  VoteResult,
} from '../api.js';
import type { CommentLikeResult, MemberProfile, StoreDetail } from '../api-community.js';
import type {
  DealVotesPage,
  OpenReportCount,
  PublicLogPage,
  ReportCreated,
  ReportQueuePage,
  ReportResolved,
  VotesVoided,
} from '../api-trust.js';
import { ACTIVATION_TASKS } from './admin.js';
import { ALERT_FREQUENCIES, type Alert, type AlertList, type AlertUnsubscribe } from './alerts.js';
import { DEAL_STATUSES } from './deals.js';
import { PUBLIC_LOG_ACTIONS, type PublicLogActor, REPORT_ACTIONS, REPORT_QUEUE_STATUSES, REPORT_REASONS } from './reports.js';
import { ROLES } from './users.js';

/**
 * The replies of the API as zod schemas: declared on the routes (`response: { 200: ... }`) so the OpenAPI document at
 * /api/docs shows them, and checked against every reply while the tests run (src/server/http/serializer.ts). Each is
 * typed against the interface in ../api.ts / ../api-admin.ts that the web client reads, so the schema, the server's
 * presenters and the browser's types cannot drift apart without a type error.
 */

const iso = z.string();
const money = z.number().nullable();

/** `{ success: true, data }`, the envelope of every successful reply. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const publicUserSchema: z.ZodType<PublicUser> = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: iso,
});

export const authPayloadSchema: z.ZodType<AuthPayload> = z.object({ user: publicUserSchema, token: z.string() });

export const dealSchema: z.ZodType<Deal> = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  dealUrl: z.string(),
  outboundUrl: z.string(),
  price: money,
  originalPrice: money,
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  coupon: z.string().nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  storeId: z.number().int(),
  storeName: z.string(),
  store: z.object({ id: z.number().int(), name: z.string(), logoUrl: z.string().nullable(), url: z.string().nullable() }),
  userId: z.number().int().nullable(),
  userUsername: z.string().nullable(),
  status: z.enum(DEAL_STATUSES),
  source: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  publishedAt: iso.nullable(),
  expiresAt: iso.nullable(),
  temperature: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  totalVotes: z.number(),
  userVote: z.union([z.literal(1), z.literal(-1)]).optional(),
  isSaved: z.boolean().optional(),
  commentCount: z.number().int(),
  isPending: z.boolean(),
  isExpired: z.boolean(),
  duplicateOf: z.number().int().nullable().optional(),
  /** Set on list answers only (see Deal.isLowestPrice). */
  isLowestPrice: z.boolean().optional(),
});

const pageFields = { totalCount: z.number().int(), page: z.number().int(), totalPages: z.number().int() };
export const dealPageSchema: z.ZodType<DealPage> = z.object({ deals: z.array(dealSchema), pageSize: z.number().int(), ...pageFields, totalCountCapped: z.boolean().optional() });
export const dealListSchema = z.array(dealSchema);
export const voteResultSchema: z.ZodType<VoteResult> = z.object({
  totalVotes: z.number(),
  voteType: z.union([z.literal(1), z.literal(-1)]),
  upvotes: z.number(),
  downvotes: z.number(),
});
export const uploadResultSchema: z.ZodType<UploadResult> = z.object({ imageUrl: z.string(), thumbnailUrl: z.string() });
export const deletedSchema: z.ZodType<DeletedReply> = z.object({ id: z.number().int(), deleted: z.literal(true) });

export const commentSchema: z.ZodType<Comment> = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  text: z.string(),
  createdAt: iso,
  parentId: z.number().int().nullable(),
  likeCount: z.number().int(),
  likedByMe: z.boolean().optional(),
  isDeleted: z.boolean(),
});

export const userCommentsPageSchema: z.ZodType<UserCommentsPage> = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      dealId: z.number().int(),
      dealTitle: z.string(),
      text: z.string(),
      createdAt: z.string(),
      thumbnailUrl: z.string().nullable(),
      dealOwnerUsername: z.string().nullable(),
      price: money,
      originalPrice: money,
      categoryName: z.string().nullable(),
    }),
  ),
  pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), totalCount: z.number().int(), totalPages: z.number().int() }),
});

export const categorySchema: z.ZodType<Category> = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), dealsCount: z.number().int() });
export const storeSchema: z.ZodType<Store> = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  dealsCount: z.number().int(),
});

export const adminUserSchema: z.ZodType<AdminUser> = z.intersection(publicUserSchema, z.object({ isProtectedAdmin: z.boolean() }));
export const adminUserPageSchema: z.ZodType<AdminUserPage> = z.object({ users: z.array(adminUserSchema), limit: z.number().int(), ...pageFields });
export const adminDealPageSchema: z.ZodType<AdminDealPage> = z.object({ deals: z.array(dealSchema), limit: z.number().int(), ...pageFields });

export const dashboardSchema: z.ZodType<DashboardData> = z.object({
  stats: z.object({
    totalUsers: z.number(),
    totalDeals: z.number(),
    activeDeals: z.number(),
    pendingDeals: z.number(),
    newUsersToday: z.number(),
    newDealsToday: z.number(),
    userGrowth: z.number(),
    dealGrowth: z.number(),
  }),
  recentActivity: z.array(
    z.object({
      key: z.string(),
      id: z.number(),
      type: z.enum(['user', 'deal', 'category', 'store', 'comment']),
      title: z.string(),
      action: z.string(),
      user: z.object({ id: z.number().nullable(), username: z.string() }),
      timestamp: z.string(),
    }),
  ),
});

const taskOutcome = z.union([z.object({ ok: z.literal(true) }).catchall(z.unknown()), z.object({ ok: z.literal(false), error: z.string() })]);
export const activationResultSchema: z.ZodType<ActivationResult> = z.object({
  deal: dealSchema,
  activated: z.boolean(),
  previousStatus: z.string(),
  tasks: z.partialRecord(z.enum(ACTIVATION_TASKS), taskOutcome),
  message: z.string(),
});

export const localizedImageSchema: z.ZodType<LocalizedImage> = z.object({ dealId: z.number().int(), imageUrl: z.string(), thumbnailUrl: z.string() });
export const aiGenerateSchema: z.ZodType<AiGenerateReply> = z.object({ text: z.string(), type: z.enum(['title', 'description']), mode: z.enum(['ai', 'offline']) });
export const scraperInfoSchema: z.ZodType<ScraperInfo> = z.object({ id: z.number().int(), source: z.string(), name: z.string(), description: z.string() });
export const scraperLogSchema: z.ZodType<ScraperLog> = z.object({
  id: z.number().int(),
  source: z.string(),
  status: z.enum(['started', 'completed', 'failed']),
  dealsAdded: z.number().int(),
  error: z.string().nullable(),
  dataFile: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export const scraperRunSchema: z.ZodType<ScraperRunResult> = z.object({
  source: z.string(),
  dataFile: z.string().nullable(),
  dealsAdded: z.number().int(),
  logId: z.number().int(),
  itemsFound: z.number().int(),
  skipped: z.number().int(),
});
export const scraperRunAllSchema: z.ZodType<ScraperRunAllResult> = z.object({
  results: z.array(
    z.object({
      source: z.string(),
      status: z.enum(['completed', 'failed']),
      dealsAdded: z.number().int(),
      dataFile: z.string().nullable(),
      logId: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
  dealsAdded: z.number().int(),
});

/** Replies the interfaces above do not name, declared here once. */
export const profileReplySchema = z.intersection(publicUserSchema, z.object({ user: publicUserSchema, token: z.string().optional() }));
export const meSchema = z.object({ user: publicUserSchema });
export const verifiedSchema = z.object({ verified: z.literal(true) });
export const sentSchema = z.object({ sent: z.literal(true) });
/** Password reset (issue 17): forgot-password and reset-password answer a message to show as it is. */
export const messageSchema = z.object({ message: z.string() });
export const savedToggleSchema = z.object({ dealId: z.number().int(), saved: z.boolean() });
export const siteConfigSchema = z.object({ monetisationScriptUrl: z.string().nullable(), contactEmail: z.string().nullable() });
export const categoryListSchema = z.object({ categories: z.array(categorySchema) });
export const categoryReplySchema = z.object({ category: categorySchema });
export const storeListSchema = z.object({ stores: z.array(storeSchema) });
export const storeReplySchema = z.object({ store: storeSchema });
export const roleChangeSchema = z.intersection(adminUserSchema, z.object({ user: adminUserSchema }));
export const scraperListSchema = z.object({ scrapers: z.array(scraperInfoSchema) });
export const scraperLogListSchema = z.object({ logs: z.array(scraperLogSchema) });
export const moderationLogPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      entityType: z.string(),
      entityId: z.number().int().nullable(),
      entityTitle: z.string().nullable(),
      actor: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
      before: z.unknown(),
      after: z.unknown(),
      createdAt: z.string(),
    }).catchall(z.unknown()),
  ),
  limit: z.number().int(),
  ...pageFields,
});

// ---------------------------------------------------------------------------------------------------------------
// Issue 11 "one contract": the replies of the comment, store, member, vote, report, moderation-log, alert and
// health routes.

/** GET /comments/{dealId}: the deal's comments, replies after their parent. */
export const commentListSchema = z.array(commentSchema);
export const commentLikeResultSchema: z.ZodType<CommentLikeResult> = z.object({ commentId: z.number().int(), likeCount: z.number().int(), likedByMe: z.boolean() });

/** GET /stores: every store, each with its number of live deals (the admin list wraps the same in `{ stores }`). */
export const storeArraySchema = z.array(storeSchema);
export const storeDetailSchema: z.ZodType<StoreDetail> = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  activeDeals: z.number().int(),
  totalDeals: z.number().int(),
});

export const memberProfileSchema: z.ZodType<MemberProfile> = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  memberSince: iso,
  counts: z.object({ dealsPosted: z.number().int(), activeDeals: z.number().int(), comments: z.number().int() }),
  deals: z.array(dealSchema),
});

/** POST /votes: the vote result and the weight this vote counts for now (0.5 while the voter's account is younger than 24 h). */
export type VoteReply = VoteResult & { weight: 1 | 0.5 };
export const voteReplySchema: z.ZodType<VoteReply> = z.object({
  totalVotes: z.number(),
  voteType: z.union([z.literal(1), z.literal(-1)]),
  upvotes: z.number(),
  downvotes: z.number(),
  weight: z.union([z.literal(1), z.literal(0.5)]),
});

const memberRef = z.object({ id: z.number().int(), username: z.string() });

export const dealVotesPageSchema: z.ZodType<DealVotesPage> = z.object({
  dealId: z.number().int(),
  upvotes: z.number(),
  downvotes: z.number(),
  temperature: z.number(),
  votes: z.array(
    z.object({
      id: z.number().int(),
      voter: memberRef,
      direction: z.enum(['up', 'down']),
      accountAgeHours: z.number().int().nullable(),
      weight: z.number(),
      networkClusterSize: z.number().int().nullable(),
      networkGroup: z.number().int().nullable(),
      createdAt: iso,
    }),
  ),
  limit: z.number().int(),
  ...pageFields,
});
export const votesVoidedSchema: z.ZodType<VotesVoided> = z.object({
  dealId: z.number().int(),
  voided: z.number().int(),
  upvotes: z.number(),
  downvotes: z.number(),
  temperature: z.number(),
});

export const reportCreatedSchema: z.ZodType<ReportCreated> = z.object({ id: z.number().int(), dealExpired: z.boolean() });
export const reportQueuePageSchema: z.ZodType<ReportQueuePage> = z.object({
  items: z.array(
    z.object({
      deal: z.object({ id: z.number().int(), title: z.string(), status: z.string(), temperature: z.number(), link: z.string() }),
      reportCount: z.number().int(),
      reasons: z.record(z.enum(REPORT_REASONS), z.number().int()),
      firstReportedAt: iso,
      lastReportedAt: iso,
      reports: z.array(z.object({ id: z.number().int(), reason: z.enum(REPORT_REASONS), note: z.string().nullable(), reporter: memberRef, createdAt: iso })),
      resolution: z.object({ action: z.enum([...REPORT_ACTIONS, 'closed']), resolvedAt: iso, resolvedBy: memberRef.nullable() }).nullable(),
    }),
  ),
  status: z.enum(REPORT_QUEUE_STATUSES),
  limit: z.number().int(),
  ...pageFields,
});
export const openReportCountSchema: z.ZodType<OpenReportCount> = z.object({ openDeals: z.number().int(), openReports: z.number().int() });
export const reportResolvedSchema: z.ZodType<ReportResolved> = z.object({
  dealId: z.number().int(),
  action: z.enum(REPORT_ACTIONS),
  resolvedReports: z.number().int(),
  dealStatus: z.string(),
});

/** Every actor of the public log, as a record so a new one in the type is a type error here until listed. */
const PUBLIC_LOG_ACTORS: Record<PublicLogActor, true> = { admin: true, moderator: true, member: true, community: true, system: true };
export const publicLogPageSchema: z.ZodType<PublicLogPage> = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: iso,
      action: z.enum(PUBLIC_LOG_ACTIONS),
      deal: z.object({ id: z.number().int(), title: z.string(), link: z.string() }).nullable(),
      subject: z.string(),
      actor: z.object({ role: z.enum(Object.keys(PUBLIC_LOG_ACTORS) as [PublicLogActor, ...PublicLogActor[]]), username: z.string().nullable() }),
      reason: z.string().nullable(),
    }),
  ),
  pageSize: z.number().int(),
  ...pageFields,
});

export const alertSchema: z.ZodType<Alert> = z.object({
  id: z.number().int(),
  query: z.string(),
  categoryId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  maxPrice: money,
  minTemperature: z.number().int().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  createdAt: iso,
  lastSentAt: iso.nullable(),
  feedUrl: z.string(),
});
export const alertListSchema: z.ZodType<AlertList> = z.object({ alerts: z.array(alertSchema) });
/** POST and PUT /alerts: the alert as stored. */
export const alertReplySchema = z.object({ alert: alertSchema });
export type AlertReply = z.infer<typeof alertReplySchema>;
export const alertUnsubscribeSchema: z.ZodType<AlertUnsubscribe> = z.object({ alert: z.object({ id: z.number().int(), query: z.string(), paused: z.boolean() }) });

/** GET /api/health: liveness, the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
const readinessChecks = z.record(z.string(), z.enum(['ok', 'down']));
/** GET /api/ready: every dependency answered (200); else 503 naming what is down, or "shutting down" without checks. */
export const readySchema = z.object({ status: z.literal('ready'), checks: readinessChecks });
export type Ready = z.infer<typeof readySchema>;
export const notReadySchema = z.object({ success: z.literal(false), error: z.string(), data: z.object({ checks: readinessChecks }).optional() });
export type NotReady = z.infer<typeof notReadySchema>;

/** `{ 200: envelope(schema) }` (or 201) for a route's `schema.response`. */
export const replies = (schema: z.ZodType, status: 200 | 201 = 200) => ({ [status]: envelope(schema) });
