import { type CampaignType, FREE_SPIN_GAMES, FREE_SPIN_STAKES } from './promotions.ts';

/** The fields of a campaign the checks across fields read (the server's row and the back office's body alike). */
export interface CampaignShape {
  type: CampaignType;
  code: string | null;
  percentBps: number;
  fixedAmount: number;
  cap: number | null;
  startsAt: Date;
  endsAt: Date;
  maxStake: number | null;
  conversionCap: number | null;
  freeSpinCount: number;
  freeSpinStake: number;
  freeSpinGame: string | null;
}

/** What is wrong across a campaign's fields: the field to mend and the server's reason, in English. */
export interface CampaignProblem {
  field: keyof CampaignShape;
  message: string;
}

const problem = (field: keyof CampaignShape, message: string): CampaignProblem => ({ field, message });

/**
 * What is wrong across a campaign's fields (each field alone is checked by the contract), if anything.
 * Shared so the back office's form names the field before sending, instead of the server's English reason.
 */
export function campaignProblem(c: CampaignShape): CampaignProblem | undefined {
  if (c.endsAt <= c.startsAt) return problem('endsAt', 'endsAt must be after startsAt');
  if (c.type === 'code' && !c.code) return problem('code', 'a code campaign needs a code');
  if (c.type !== 'code' && c.code) return problem('code', 'only a code campaign has a code');
  if (c.type === 'code' && c.fixedAmount <= 0)
    return problem('fixedAmount', 'a code campaign gives a fixed amount above zero');
  if ((c.type === 'first_deposit' || c.type === 'every_deposit') && c.percentBps <= 0)
    return problem('percentBps', 'a deposit campaign gives a percentage above zero');
  if (c.type === 'level_up' && c.fixedAmount <= 0)
    return problem('fixedAmount', 'a level-up campaign gives a fixed amount above zero');
  if (c.type === 'cashback' && (c.percentBps <= 0 || c.percentBps > 10_000))
    return problem('percentBps', 'a cashback campaign pays a percentage above zero, at most 100 %');
  const spins = freeSpinsProblem(c);
  if (spins) return spins;
  if (c.cap !== null && c.cap <= 0) return problem('cap', 'cap must be above zero (null: no cap)');
  if (c.maxStake !== null && c.maxStake <= 0)
    return problem('maxStake', 'maxStake must be above zero (null: no limit)');
  if (c.conversionCap !== null && c.conversionCap <= 0)
    return problem('conversionCap', 'conversionCap must be above zero (null: no cap)');
  return undefined;
}

/** A free_spins campaign names its spins (count, a stake the slots offer, a built-in slot) and no cap; no other type names spins. */
function freeSpinsProblem(c: CampaignShape): CampaignProblem | undefined {
  if (c.type !== 'free_spins') {
    return c.freeSpinCount > 0 || c.freeSpinGame
      ? problem('freeSpinCount', 'only a free_spins campaign gives spins')
      : undefined;
  }
  if (c.freeSpinCount <= 0) return problem('freeSpinCount', 'a free_spins campaign gives at least one spin');
  // Its bonus is whatever the spins win: a cap there limited nothing, and the member converted it all.
  if (c.cap !== null)
    return problem('cap', 'a free_spins campaign limits what converts by conversionCap, not cap');
  if (!FREE_SPIN_STAKES.includes(c.freeSpinStake))
    return problem('freeSpinStake', `a free spin stakes one of ${FREE_SPIN_STAKES.join(', ')}`);
  if (!c.freeSpinGame || !FREE_SPIN_GAMES.includes(c.freeSpinGame))
    return problem('freeSpinGame', 'a free_spins campaign names a built-in slot');
  return undefined;
}
