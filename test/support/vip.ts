import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { memberIdOf } from './money.ts';
import type { TestApp } from './test-app.ts';
import { launchedPlayer, playRound } from './wallet.ts';

/** The site a newly registered member joins: the one whose VIP levels the VIP tests set. */
export async function newMemberSiteId(t: TestApp) {
  const { member } = await t.login();
  const [row] = await queryRows<{ site_id: number }>(
    t.db,
    sql`select site_id from members where login_id = ${member.id}`,
  );
  return Number(row!.site_id);
}

/**
 * A member with `funds` of cash and an opened house slot whose wallet calls are signed with `secret`:
 * `play(stake)` plays a lost round of that stake, which counts towards VIP progress.
 */
export async function vipPlayer(t: TestApp, secret: string, funds: number) {
  const { token, loginId, gameToken } = await launchedPlayer(t, funds);
  const id = await memberIdOf(t.db, loginId);
  const play = async (stake: number) =>
    expect((await playRound(t, secret, gameToken, stake, 0)).win?.status).toBe('success');
  return { id, token, play };
}
