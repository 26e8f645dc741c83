/**
 * The admin back office's replies (SPEC §7 Admin) that src/shared/api.ts does not declare yet, in the shapes the admin
 * routes send (src/server/features/admin, scrapers, localize, ai). Request shapes live in schemas/admin.ts.
 */
import type { AdminUser, Category, Deal, Store } from './api.js';

export interface AdminDealPage {
  deals: Deal[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface AdminUserPage {
  users: AdminUser[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** An activation follow-up task: ok, or the reason it failed (the activation itself stands either way). */
export type ActivationTaskOutcome = ({ ok: true } & Record<string, unknown>) | { ok: false; error: string };

export interface ActivationResult {
  deal: Deal;
  activated: boolean;
  previousStatus: string;
  tasks: Partial<Record<'improveTitle' | 'generateDescription' | 'localizeImage', ActivationTaskOutcome>>;
  message: string;
}

export interface DeletedReply {
  id: number;
  deleted: true;
}

export interface CategoryReply {
  category: Category;
}
export interface StoreReply {
  store: Store;
}

export interface LocalizedImage {
  dealId: number;
  imageUrl: string;
  thumbnailUrl: string;
}

/** POST /ai/generate: the generated text, what was asked for and whether a model or the offline mode answered. */
export interface AiGenerateReply {
  text: string;
  type: 'title' | 'description';
  mode: 'ai' | 'offline';
}

export interface ScraperRunResult {
  source: string;
  dataFile: string | null;
  dealsAdded: number;
  logId: number;
  itemsFound: number;
  skipped: number;
}

export interface ScraperRunAllResult {
  results: Array<{ source: string; status: 'completed' | 'failed'; dealsAdded: number; dataFile: string | null; logId: number; error: string | null }>;
  dealsAdded: number;
}
