import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { createCampaign } from '../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { newMemberSiteId, vipPlayer } from '../../../../test/support/vip.ts';
import { queryRows } from '../../db/client.ts';
import { memberBalances } from '../ledger/ledger.service.ts';
import { promoLevelUps } from './promotions.schema.ts';
import { levelUpSweep } from './vip.service.ts';

const SECRET = 'promo-vip-waiting-secret';

/** A level no campaign rewards never holds back the bonus of a higher one, nor stays a sweep candidate. */
describe.runIf(backendAvailable)('promotions: level-ups no campaign rewards', () => {
  const t = useTestApp({ houseWalletSecret: SECRET }, { seedDemo: true });
  const { as } = useOperators(t);
  beforeAll(async () => {
    const set = await as('owner').post(`/api/admin/promotions/vip-levels/${await newMemberSiteId(t)}`, {
      levels: [
        { level: 2, wagered: 300_000 },
        { level: 3, wagered: 1_000_000 },
      ],
    });
    expect(set.statusCode).toBe(200);
    // Only level 3 is rewarded.
    await createCampaign(as('owner'), {
      name: 'Level 3',
      type: 'level_up',
      fixedAmount: 70_000,
      cap: null,
      levels: [3],
      wageringMultiple: 1,
    });
  });

  const player = () => vipPlayer(t, SECRET, 2_000_000);

  const levelUpsOf = (memberId: number) =>
    t.db
      .select({ level: promoLevelUps.level, bonusId: promoLevelUps.bonusId, noBonus: promoLevelUps.noBonus })
      .from(promoLevelUps)
      .where(eq(promoLevelUps.memberId, memberId))
      .orderBy(promoLevelUps.level);

  const candidates = async () =>
    (await queryRows<{ member_id: number }>(t.db, sql`select member_id from promo_vip_candidates()`)).map(
      (r) => Number(r.member_id),
    );

  it('grants the bonus of a higher level while a lower, unrewarded one is on record', async () => {
    const p = await player();
    await p.play(400_000);
    await levelUpSweep(t.db);
    expect(await levelUpsOf(p.id)).toEqual([{ level: 2, bonusId: null, noBonus: true }]);
    // Nothing waits: the member is no candidate of the sweep any more (they played today, but reached all they can).
    expect(await candidates()).not.toContain(p.id);

    await p.play(700_000);
    await levelUpSweep(t.db);
    expect(await levelUpsOf(p.id)).toEqual([
      { level: 2, bonusId: null, noBonus: true },
      { level: 3, bonusId: expect.any(Number), noBonus: false },
    ]);
    expect(await memberBalances(t.db, p.id)).toMatchObject({ bonus: 70_000 });
    expect(await candidates()).not.toContain(p.id);
    await expectSoundLedger(t.db);
  });

  it('the sweep goes on past a member that fails', async () => {
    const failing = await player();
    const other = await player();
    await failing.play(400_000);
    await other.play(400_000);
    await t.db.execute(
      sql.raw(
        `alter table notes add constraint test_fault_level check (member_id <> ${failing.id} or msg_key <> 'levelUp') not valid`,
      ),
    );
    try {
      const done = await levelUpSweep(t.db);
      expect(done).toMatchObject({ failed: 1 });
      expect(done.rose).toBeGreaterThanOrEqual(1);
    } finally {
      await t.db.execute(sql`alter table notes drop constraint test_fault_level`);
    }
    expect(await levelUpsOf(failing.id)).toEqual([]);
    expect((await levelUpsOf(other.id)).map((u) => u.level)).toEqual([2]);
    await levelUpSweep(t.db);
    expect((await levelUpsOf(failing.id)).map((u) => u.level)).toEqual([2]);
  });
});
