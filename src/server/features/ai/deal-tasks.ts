import type { FastifyInstance } from 'fastify';
import { isHttpUrl } from '../../../shared/schemas/common.js';
import type { DealUpdate } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { generateDescription, generateTitle, type GeneratorDeps } from '../../services/ai/generator.js';
import { cleanDescriptionReply, cleanTitleReply } from '../../services/ai/title-rules.js';
import { localizeImage } from '../localize/localize.js';
import { logModeration, type ModerationAction } from '../admin/moderation-log.js';
import { type BackupReason, backupDeal } from '../deals/backups.js';

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

export function generatorDeps(app: FastifyInstance): GeneratorDeps {
  return { ai: app.deps.config.ai, safeFetchAllow: app.deps.config.safeFetchAllow };
}

async function loadDeal(app: FastifyInstance, dealId: number) {
  const deal = await app.deps.db.kysely.selectFrom('deals').selectAll().where('id', '=', dealId).executeTakeFirst();
  if (!deal) throw notFound('Deal not found');
  return deal;
}

async function applyChange(
  app: FastifyInstance,
  deal: { id: number; title: string },
  change: Pick<DealUpdate, 'title' | 'description'>,
  before: Record<string, unknown>,
  reason: BackupReason & ModerationAction,
  actorId: number | null,
) {
  await app.deps.db.kysely.transaction().execute(async (trx) => {
    await backupDeal(trx, deal.id, reason, actorId);
    await trx.updateTable('deals').set({ ...change, updated_at: new Date().toISOString() }).where('id', '=', deal.id).execute();
    await logModeration(trx, { actorId, action: reason, entityType: 'deal', entityId: deal.id, entityTitle: change.title ?? deal.title, before, after: change });
  });
}

/** Replaces the deal's title with the shortened essential product title (AI service, or the offline rules). */
export async function improveDealTitle(app: FastifyInstance, dealId: number, actorId: number | null): Promise<DealTaskResult> {
  const deal = await loadDeal(app, dealId);
  const title = cleanTitleReply(await generateTitle(generatorDeps(app), { title: deal.title }));
  if (!title) throw new HttpError(502, 'The AI service returned no usable title');
  if (title === deal.title) return { ok: true, changed: false, reason: 'The title is already concise', title };
  await applyChange(app, deal, { title }, { title: deal.title }, 'ai-title', actorId);
  return { ok: true, changed: true, title };
}

/** Writes the deal's description from its product page (AI service, or the page's structured data offline). */
export async function generateDealDescription(app: FastifyInstance, dealId: number, actorId: number | null): Promise<DealTaskResult> {
  const deal = await loadDeal(app, dealId);
  if (!isHttpUrl(deal.url)) throw new HttpError(400, 'Please enter a product URL first');
  const description = cleanDescriptionReply(await generateDescription(generatorDeps(app), { url: deal.url, title: deal.title }));
  if (!description) throw new HttpError(502, 'The AI service returned no usable description');
  if (description === deal.description) return { ok: true, changed: false, reason: 'The description is already up to date', description };
  await applyChange(app, deal, { description }, { description: deal.description }, 'ai-description', actorId);
  return { ok: true, changed: true, description };
}

/** Copies the deal's external image into /uploads/ (with a thumbnail); a deal without an external image is left as is. */
export async function localizeDealImage(app: FastifyInstance, dealId: number, actorId: number | null): Promise<DealTaskResult> {
  const deal = await loadDeal(app, dealId);
  if (!deal.image_url) return { ok: true, changed: false, reason: 'The deal has no image' };
  if (!isHttpUrl(deal.image_url)) return { ok: true, changed: false, reason: 'The image is already local', imageUrl: deal.image_url };
  const stored = await localizeImage(app, { dealId, imageUrl: deal.image_url, actorId });
  return { ok: true, changed: true, imageUrl: stored.imageUrl, thumbnailUrl: stored.thumbnailUrl };
}
