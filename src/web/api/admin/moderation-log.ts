import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicLogPage } from '../../../shared/schemas/admin/moderation-log';
import { api } from '../client';

/** The public moderation log (GET /moderation-log, docs/notes/trust.md). */

export const moderationLogKeys = {
  all: ['moderation-log'] as const,
  page: (page: number) => ['moderation-log', page] as const,
};

export const useModerationLog = (page: number) =>
  useQuery({
    queryKey: moderationLogKeys.page(page),
    queryFn: () => api.get<PublicLogPage>('/moderation-log', { page }),
    placeholderData: keepPreviousData,
  });
