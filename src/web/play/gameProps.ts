import type { HouseSuccess } from '../../shared/contract/house-api.ts';
import type { GameError } from './api.ts';

/** What the games' window hands each game: its table's settings, the session, the balance and where to report. */
export interface GameProps {
  init: HouseSuccess<'init'>;
  token: string;
  balance: number;
  onBalance(balance: number): void;
  /** A round was dealt from the seed: the next nonce, while the round may still be open. */
  onNonce(nonce: number): void;
  /** A round ended: the next nonce and the round to verify. */
  onRound(nonce: number, roundId: string): void;
  onError(error: GameError): void;
}
