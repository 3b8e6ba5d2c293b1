import type { Campaign } from './campaigns.service.ts';

/** The cashback of a net loss: the campaign's percentage, rounded down to the minor unit, at most its cap. */
export function cashbackAmount(campaign: Pick<Campaign, 'percentBps' | 'cap'>, netLoss: number): number {
  const amount = Math.floor((netLoss * campaign.percentBps) / 10_000);
  return campaign.cap === null ? amount : Math.min(amount, campaign.cap);
}
