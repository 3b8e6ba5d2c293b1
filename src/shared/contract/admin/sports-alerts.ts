import { z } from 'zod';
import { endpoint, ok } from './endpoint.ts';
import { idParam, idText, optionalQuery } from './fields.ts';

/** The desk's ticker alerts and each selection's price history (issue 29). */

export const ALERT_RULES = ['big_stake', 'late_bet', 'new_account', 'same_ip'] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

/** An alert as the ticker and the alert list show it; `detail` carries the figures its reason names. */
export const tickerAlert = z.object({
  id: z.number(),
  rule: z.enum(ALERT_RULES),
  betId: z.number(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
  dismissedAt: z.string().nullable(),
  dismissedBy: z.string().nullable(),
});

export const sportsAlertEndpoints = {
  alerts: endpoint({
    method: 'GET',
    path: '/sports/alerts',
    summary: 'The ticker alerts, newest first (30 a page): by rule, open or dismissed',
    query: z.object({
      rule: optionalQuery(z.enum(ALERT_RULES)),
      state: optionalQuery(z.enum(['open', 'dismissed', 'all'])),
      before: optionalQuery(idText),
    }),
    response: ok.extend({
      alerts: z.array(
        tickerAlert.extend({ member: z.string().nullable(), currency: z.string(), totalStake: z.number() }),
      ),
      next: z.number().nullable(),
    }),
  }),
  dismissAlert: endpoint({
    method: 'POST',
    path: '/sports/alerts/:id/dismiss',
    summary: 'Dismisses an alert a trader has looked at (audited)',
    params: idParam,
    response: ok,
  }),
  priceHistory: endpoint({
    method: 'GET',
    path: '/sports/selections/:id/prices',
    summary: "A selection's price changes, newest first (from the feed and from the desk), 20 a page",
    params: idParam,
    query: z.object({
      before: optionalQuery(idText),
      limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
    }),
    response: ok.extend({
      prices: z.array(
        z.object({ id: z.number(), price: z.string(), source: z.enum(['feed', 'desk']), at: z.string() }),
      ),
      next: z.number().nullable(),
    }),
  }),
} as const;
