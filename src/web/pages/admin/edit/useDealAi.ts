import type { UseFormReturn } from 'react-hook-form';
import { AI_MESSAGES } from '../../../../shared/schemas/admin/ai';
import { isHttpUrl } from '../../../../shared/schemas/common';
import { useAiGenerate } from '../../../api/admin/admin-deals';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../lib/toast/toast';
import { cleanDescriptionReply, cleanTitleReply, descriptionPrompt, titlePrompt } from './ai-reply';
import type { FormIn, FormOut } from './edit-form';

interface AiTexts {
  done: string;
  /** The model answered with nothing usable. */
  empty: string;
  failed: string;
  log: string;
}

/** The edit form's two AI helpers (SPEC §2): Improve Title and Grab a Description, each with its own busy state. */
export function useDealAi({ getValues, setValue }: UseFormReturn<FormIn, unknown, FormOut>) {
  const titleAi = useAiGenerate();
  const descriptionAi = useAiGenerate();

  // The reply is cleaned before it replaces the field; the field is validated at once, as if typed.
  const outcome = (field: 'title' | 'description', clean: (text: string) => string, texts: AiTexts) => ({
    onSuccess: (text: string) => {
      const cleaned = clean(text);
      if (!cleaned) {
        toast.error(texts.empty);
        return;
      }
      setValue(field, cleaned, { shouldDirty: true, shouldValidate: true });
      toast.success(texts.done);
    },
    onError: (err: unknown) => {
      console.error(texts.log, err);
      toast.error(errorMessage(err, texts.failed));
    },
  });

  const improveTitle = () => {
    const title = String(getValues('title') ?? '').trim();
    if (!title) {
      toast.error(AI_MESSAGES.titleRequired);
      return;
    }
    titleAi.mutate(
      { prompt: titlePrompt(title) },
      outcome('title', cleanTitleReply, {
        done: 'Title improved successfully',
        empty: 'Failed to improve title',
        failed: 'Failed to improve title with AI',
        log: 'Improve title failed',
      }),
    );
  };

  const grabDescription = () => {
    const link = String(getValues('url') ?? '').trim();
    if (!link || !isHttpUrl(link)) {
      toast.error(AI_MESSAGES.urlRequired);
      return;
    }
    descriptionAi.mutate(
      { prompt: descriptionPrompt(link), title: String(getValues('title') ?? '') },
      outcome('description', cleanDescriptionReply, {
        done: 'Description generated successfully',
        empty: 'Failed to generate description',
        failed: 'Failed to generate description with AI',
        log: 'Generate description failed',
      }),
    );
  };

  return { improveTitle, improvingTitle: titleAi.isPending, grabDescription, grabbingDescription: descriptionAi.isPending };
}
