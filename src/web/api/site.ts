import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../shared/schemas/site';
import { api } from './client';

/** GET /api/site-config: public settings (the monetisation script, the contact address). Read once per visit. */
export const useSiteConfig = () =>
  useQuery({ queryKey: ['site-config'], queryFn: () => api.get<SiteConfig>('/site-config'), staleTime: Number.POSITIVE_INFINITY });
