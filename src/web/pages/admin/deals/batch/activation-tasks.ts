import type { ActivationResult } from '../../../../../shared/schemas/admin/admin-deals';
import type { Deal } from '../../../../../shared/schemas/deals/deals';
import type { ProcessTasks } from '../../../../api/admin/admin-deals';

const TASK_LABELS: Record<keyof ProcessTasks, string> = {
  improveTitle: 'improve title',
  generateDescription: 'generate description',
  localizeImage: 'localize image',
};

/**
 * The follow-up tasks asked for on activation (SPEC §4): always a tidier title; a description only when the deal has
 * none (like the edit form's Grab a Description, a member's own text is never replaced); the image only when external.
 */
export function activationTasks(deal: Pick<Deal, 'description' | 'imageUrl'>): ProcessTasks {
  return {
    improveTitle: true,
    generateDescription: !deal.description?.trim(),
    localizeImage: /^https?:\/\//i.test(deal.imageUrl ?? ''),
  };
}

/** Task failures do not undo an activation; they are shown in the progress dialog. */
export function taskWarnings(id: number, reply: Partial<ActivationResult> | null | undefined): string[] {
  const out: string[] = [];
  for (const [name, outcome] of Object.entries(reply?.tasks ?? {})) {
    if (outcome && !outcome.ok)
      out.push(`Deal #${id} activated, but ${TASK_LABELS[name as keyof ProcessTasks] ?? name} failed: ${outcome.error ?? 'unknown error'}.`);
  }
  return out;
}
