import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { snapshotAllTables } from '../../../test/support/db-snapshot.ts';
import { solidPng, uploadKyc } from '../../../test/support/kyc-files.ts';
import { fund, memberIdOf, nextCode } from '../../../test/support/money.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { type RouteName, routeNames, routes } from '../../shared/contract/routes.ts';
import { approveWithdrawal } from '../modules/cashier/withdrawals.service.ts';
import { sendNote } from '../modules/inbox/notes.service.ts';
import { answerTicket } from '../modules/support/help-tickets.service.ts';

/** Every member route whose body names a record by numeric id: each must check the record is the caller's. */
const idBearing = routeNames.filter((name: RouteName) => {
  const schema = routes[name].request;
  if (routes[name].auth !== 'member' || !(schema instanceof z.ZodObject)) return false;
  const id = (schema.shape as Record<string, z.ZodType>).id;
  return id?.safeParse(1).success === true;
});

describe.runIf(backendAvailable)("a member can never touch another member's records", () => {
  const t = useTestApp();

  it('covers the id-bearing routes of the contract', () => {
    expect(idBearing.sort()).toEqual(
      [
        'del-help',
        'del-note',
        'get-kyc-document',
        'read-help-message',
        'read-note-message',
        'resume-deposit-payment',
        'user-cancel-deposit',
        'user-cancel-withdraw',
        'user-del-deposit',
        'user-del-withdraw',
      ].sort(),
    );
  });

  it("gets nothing and changes nothing when aiming every id-bearing route at someone else's ids", async () => {
    const owner = await t.login();
    const ownerId = await memberIdOf(t.db, owner.member.id);
    await fund(t, owner.token, 50_000);
    const withdraw = (
      await t.call('apply-user-withdraw', { balance: 10_000, code: nextCode() }, { token: owner.token })
    ).json().requestId;
    await approveWithdrawal(t.db, withdraw, { by: 'op' });
    await t.call('user-write-help', { title: 'Mine', contents: 'private' }, { token: owner.token });
    const help = (await t.call('get-help-list', {}, { token: owner.token })).json().helps[0].id;
    await answerTicket(t.db, help, 'op', 'answer');
    const note = (
      await sendNote(t.db, {
        target: 'member',
        memberId: ownerId,
        title: 'Mine',
        contents: 'x',
        sentBy: 'op',
      })
    ).id;
    const deposit = (await t.call('get-deposit-list', {}, { token: owner.token })).json().list[0].id;
    const kycDocument = (await uploadKyc(t, owner.token, 'identity', solidPng(), 'image/png')).json().document
      .id;

    const intruder = await t.login();
    const before = await snapshotAllTables(t.db, ['sessions', 'attempt_limits']);
    const ids = [deposit, withdraw, help, note, kycDocument];
    for (const route of idBearing) {
      for (const id of ids) {
        const res = await t.call(route, { id }, { token: intruder.token });
        expect(res.statusCode, `${route} ${id}: ${res.body}`).toBe(404);
        expect(res.json().status).not.toBe('success');
      }
    }
    expect(await snapshotAllTables(t.db, ['sessions', 'attempt_limits'])).toBe(before);

    // Lists show nothing of the owner's either.
    for (const route of [
      'get-deposit-list',
      'get-withdraw-list',
      'get-help-list',
      'get-note-list',
      'get-user-statement',
      'get-cash-history',
    ]) {
      const body = (await t.call(route, {}, { token: intruder.token })).json();
      // The statement pages with a cursor and counts nothing; the other lists carry maxCount.
      if (route === 'get-user-statement') expect(body.list, route).toEqual([]);
      else expect(body.maxCount, route).toBe(0);
    }
    // The owner still can.
    expect((await t.call('read-help-message', { id: help }, { token: owner.token })).statusCode).toBe(200);
    expect((await t.call('read-note-message', { id: note }, { token: owner.token })).statusCode).toBe(200);
    expect((await t.call('get-kyc-document', { id: kycDocument }, { token: owner.token })).statusCode).toBe(
      200,
    );
  });
});
