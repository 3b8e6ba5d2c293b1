import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { jackpotBpsFor } from '../jackpot/jackpot.service.ts';
import { assertMayPlay } from '../protection/protection.service.ts';
import { findGame } from './catalogue.service.ts';
import { gameSessions } from './games.schema.ts';
import type { GameProvider } from './provider.ts';

export const hashGameToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a game for a member: the vendor and game must exist and be enabled (msg2002), the vendor
 * not under maintenance (status time, msg2218), the member not on a break or self-excluded
 * (protection.service: status excluded, with until when). Issues the token
 * the provider presents to the wallet API.
 */
export async function openGame(
  db: Db,
  providers: ReadonlyMap<string, GameProvider>,
  member: SessionMember,
  input: { code: string; company: string; locale: string },
): Promise<string> {
  const found = await findGame(db, input.company, input.code);
  if (found?.vendor.used !== 'y' || found.game.used !== 'y') {
    throw errors.disabled('this game is not enabled', MSG.gameDisabled);
  }
  if (found.vendor.maintenance) {
    throw errors.notNow('this game vendor is under maintenance', MSG.gameMaintenance);
  }
  const provider = providers.get(found.vendor.provider);
  if (!provider) throw new Error(`game provider ${found.vendor.provider} is not installed`);
  const token = randomBytes(32).toString('base64url');
  const jackpotBps = await jackpotBpsFor(db, found.game.jackpot, member.memberId);
  await db.transaction(async (tx) => {
    await assertMayPlay(tx, member.memberId);
    await tx.insert(gameSessions).values({
      tokenHash: hashGameToken(token),
      provider: provider.code,
      memberId: member.memberId,
      sessionId: member.sessionId,
      vendorCode: found.vendor.code,
      gameCode: found.game.code,
      category: found.vendor.category,
      jackpotBps,
    });
  });
  return provider.launchUrl({
    token,
    gameCode: found.game.code,
    vendorCode: found.vendor.code,
    locale: input.locale,
  });
}
