import { AI_MESSAGES } from '../../../shared/schemas/admin/ai.js';
import { isHttpUrl } from '../../../shared/schemas/common.js';
import type { DealUpdate } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { generateDescription, generateTitle, type GeneratorDeps } from '../../services/ai/generator.js';
import { cleanDescriptionReply, cleanTitleReply } from '../../services/ai/title-rules.js';
import { localizeImage } from '../localize/index.js';
import type { AppDeps } from '../../deps.js';
import { DEAL_NOT_FOUND, editDeal } from '../deals/index.js';
import type { BackupReason, ModerationAction } from '../moderation/index.js';

/**
 * The activation tasks of SPEC §4 (improve title, generate description, localize image), callable on their own.
 * Each keeps a backup of the deal and a moderation-log entry before changing it, and either resolves with
 * `{ ok: true, changed, ... }` (changed=false with a reason when there was nothing to do) or throws an HttpError.
 */

export interface DealTaskResult {
  ok: true;
  changed: boolean;
  reason?: string;
  title?: string;
  description?: string;
  imageUrl?: string;
  thumbnailUrl?: string;
}

export function generatorDeps(deps: Pick<AppDeps, 'config'>): GeneratorDeps {
  return { ai: deps.config.ai, safeFetchAllow: deps.config.safeFetchAllow };
}

async function loadDeal(deps: AppDeps, dealId: number) {
  const deal = await deps.db.kysely.selectFrom('deals').selectAll().where('id', '=', dealId).executeTakeFirst();
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  return deal;
}

/** The two text tasks: the backup reason and log action of their change, and what they answer when nothing changes. */
const TEXT_TASKS = {
  title: { reason: 'ai-title', unchanged: 'The title is already concise' },
  description: { reason: 'ai-description', unchanged: 'The description is already up to date' },
} as const satisfies Record<string, { reason: BackupReason & ModerationAction; unchanged: string }>;

/**
 * The end of a text task: refuses an empty text (502), leaves a field that already says it alone, and otherwise
 * changes it through the deal lifecycle (backup, update and log entry in one transaction).
 */
async function applyText(
  deps: AppDeps,
  deal: { id: number; title: string; description: string },
  field: keyof typeof TEXT_TASKS,
  text: string,
  actorId: number | null,
): Promise<DealTaskResult> {
  const { reason, unchanged } = TEXT_TASKS[field];
  if (!text) throw new HttpError(502, `The AI service returned no usable ${field}`);
  if (text === deal[field]) return { ok: true, changed: false, reason: unchanged, [field]: text };
  const change: Pick<DealUpdate, 'title' | 'description'> = { [field]: text };
  await editDeal(deps, {
    id: deal.id,
    actor: actorId === null ? null : { id: actorId, role: 'admin' },
    origin: 'task',
    columns: () => change,
    backup: reason,
    audit: (_before, _after, diff) => ({ action: reason, ...diff }),
  });
  return { ok: true, changed: true, [field]: text };
}

/** Replaces the deal's title with the shortened essential product title (AI service, or the offline rules). */
export async function improveDealTitle(deps: AppDeps, dealId: number, actorId: number | null): Promise<DealTaskResult> {
  const deal = await loadDeal(deps, dealId);
  const title = cleanTitleReply(await generateTitle(generatorDeps(deps), { title: deal.title }));
  return applyText(deps, deal, 'title', title, actorId);
}

/** Writes the deal's description from its product page (AI service, or the page's structured data offline). */
export async function generateDealDescription(deps: AppDeps, dealId: number, actorId: number | null): Promise<DealTaskResult> {
  const deal = await loadDeal(deps, dealId);
  if (!isHttpUrl(deal.url)) throw new HttpError(400, AI_MESSAGES.urlRequired);
  const description = cleanDescriptionReply(await generateDescription(generatorDeps(deps), { url: deal.url, title: deal.title }));
  return applyText(deps, deal, 'description', description, actorId);
}

/** Copies the deal's external image into /uploads/ (with a thumbnail); a deal without an external image is left as is. */
export async function localizeDealImage(deps: AppDeps, dealId: number, actorId: number | null): Promise<DealTaskResult> {
  const deal = await loadDeal(deps, dealId);
  if (!deal.image_url) return { ok: true, changed: false, reason: 'The deal has no image' };
  if (!isHttpUrl(deal.image_url)) return { ok: true, changed: false, reason: 'The image is already local', imageUrl: deal.image_url };
  const stored = await localizeImage(deps, { dealId, imageUrl: deal.image_url, actorId });
  return { ok: true, changed: true, imageUrl: stored.imageUrl, thumbnailUrl: stored.thumbnailUrl };
}
