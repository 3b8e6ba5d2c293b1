import type { AlertRule } from '../../../../shared/contract/admin/sports-alerts.ts';

/** A placed bet as the alert rules read it. */
export interface AlertBet {
  id: number;
  playerId: string;
  currency: string;
  totalStake: number;
  live: boolean;
  placedAt: Date;
  placedIp: string | null;
  /** When the member's account was opened (null: a player the site does not know). */
  accountSince: Date | null;
  legs: { selectionId: number; startsAt: Date }[];
}

/** A bet the placement just took, as it knows it (all but the member's account age), for its alerts. */
export type TakenBet = Omit<AlertBet, 'accountSince'>;

/** An alert a rule raises; `key` makes it stored once however often the rule runs. */
export interface NewAlert {
  key: string;
  rule: AlertRule;
  betId: number;
  detail: Record<string, string | number>;
}
