import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

/** The site's summary and registration rules (get-reg-domain): banks, minimum age, terms, recovery channel. */
export function useSiteRules() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => callRoute('get-reg-domain', {}),
    staleTime: 60_000,
    select: (reply) => reply.site,
  });
}
