/**
 * Issue 13 "Trust in the feed": the replies of the report, votes-panel and moderation-log routes, as the server sends
 * them inside `{ success: true, data }`. Requests and messages: src/shared/schemas/reports.ts. Notes: docs/notes/trust.md.
 */
import type { PublicLogAction, PublicLogActor, ReportReason, ReportResolution } from './schemas/reports.js';

/** POST /deals/{id}/reports (201). `dealExpired`: this report was the one that expired the deal. */
export interface ReportCreated {
  id: number;
  dealExpired: boolean;
}

export interface ReportQueueReport {
  id: number;
  reason: ReportReason;
  /** The member's note: for the team only. */
  note: string | null;
  reporter: { id: number; username: string };
  createdAt: string;
}

/** One deal in the queue: its open reports (status=open), or one resolved batch of them (status=resolved). */
export interface ReportQueueItem {
  deal: { id: number; title: string; status: string; temperature: number; link: string };
  reportCount: number;
  /** Count per reason, every reason present (0 when none). */
  reasons: Record<ReportReason, number>;
  firstReportedAt: string;
  lastReportedAt: string;
  reports: ReportQueueReport[];
  /** null while open. `resolvedBy` is null when the deal left the feed without anyone answering for it. */
  resolution: { action: ReportResolution; resolvedAt: string; resolvedBy: { id: number; username: string } | null } | null;
}

/** GET /admin/reports */
export interface ReportQueuePage {
  items: ReportQueueItem[];
  status: 'open' | 'resolved';
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** GET /admin/reports/count: the sidebar badge (deals with open reports) and the number of open reports. */
export interface OpenReportCount {
  openDeals: number;
  openReports: number;
}

/** POST /admin/reports/{dealId}/resolve */
export interface ReportResolved {
  dealId: number;
  action: 'dismiss' | 'expire' | 'delete';
  resolvedReports: number;
  dealStatus: string;
}

/** One vote in the admin edit deal "Votes" panel; the network hash itself never leaves the server. */
export interface DealVoteItem {
  id: number;
  voter: { id: number; username: string };
  direction: 'up' | 'down';
  /** Whole hours; null for votes cast before the age was recorded. */
  accountAgeHours: number | null;
  /** 1 or 0.5 now (0.5 while the voter's account is younger than 24 h). */
  weight: number;
  /** How many votes on this deal came from the same network (this one included); null when the network is unknown. */
  networkClusterSize: number | null;
  /** Votes of one network share a number (1 = the largest cluster) so the panel can group them; null when unknown. */
  networkGroup: number | null;
  createdAt: string;
}

/** GET /admin/deals/{id}/votes */
export interface DealVotesPage {
  dealId: number;
  upvotes: number;
  downvotes: number;
  temperature: number;
  votes: DealVoteItem[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** POST /admin/deals/{id}/votes/void: the deal's counters after the void. */
export interface VotesVoided {
  dealId: number;
  voided: number;
  upvotes: number;
  downvotes: number;
  temperature: number;
}

/** One line of the public moderation log (GET /moderation-log): no emails, hashes, member notes or row data. */
export interface PublicLogEntry {
  id: number;
  at: string;
  action: PublicLogAction;
  /** The deal concerned, while it is public (active or expired); otherwise null and `subject` says "a deal". */
  deal: { id: number; title: string; link: string } | null;
  /** What the entry is about, in words: the deal's title, "a deal", "a comment on <title>", "a member". */
  subject: string;
  actor: { role: PublicLogActor; username: string | null };
  reason: string | null;
}

export interface PublicLogPage {
  entries: PublicLogEntry[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
}
