import { useQuery } from '@tanstack/react-query';
import { SPEC_CASH_RULES } from '../../../shared/cash-amounts.ts';
import { callRoute } from '../../api/client.ts';
import { useSession } from '../session/queries.ts';
import { setSiteZone, siteZone } from './site-zone.ts';

/** The site the page was opened on (the host picks it): its name, currency and money rules. */
export const SITE_KEY = ['site'] as const;

export function useSite() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: async () => {
      const reply = await callRoute('get-reg-domain', {});
      setSiteZone(reply.site.timezone);
      return reply;
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * The currency of the amounts on this page: the member's own (their site's, as the session says), else
 * the site's; undefined until one of them has loaded (amounts then show a dash).
 */
export function useCurrency(): string | undefined {
  const session = useSession();
  const site = useSite();
  return session.data?.user.currency ?? site.data?.site.currency;
}

/** Deposit and withdrawal amounts allowed here, in minor units (the spec's until the site has loaded). */
export function useCashRules() {
  return useSite().data?.site.cash ?? SPEC_CASH_RULES;
}

/** The site's time zone, every time on the member's screens is shown in (re-rendered when it loads). */
export function useSiteZone(): string | undefined {
  return useSite().data?.site.timezone ?? siteZone();
}
