import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { members } from '../../src/server/db/schema.ts';
import { transfer } from '../../src/server/modules/ledger/ledger.service.ts';

/** A member-API POST to the bench's server; the reply's fields as text. */
function poster(url: string) {
  return async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, string>;
  };
}

/** What a bench member registers with: the spec's fields, the same for every bench. */
export const benchMember = (id: string) => ({
  id,
  pw: 'benchpass1',
  nick: id,
  phone: '01012345678',
  bankname: 'KB Bank',
  birthDate: '1990-04-01',
  terms: true,
  bankOwner: 'Bench',
  banknum: '123-456-789',
});

/**
 * Registers and logs in a bench player through the member API, funds them with 1,000,000,000 by an
 * adjustment transfer, and gives a function that opens a game for them (its launch token).
 */
export async function fundedPlayer(db: Db, url: string, id: string) {
  const post = poster(url);
  await post('/api/routes/user-register', benchMember(id));
  const login = await post('/api/routes/user-do-login', { id, pw: 'benchpass1' });
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, id));
  const memberId = member!.id;
  await transfer(db, {
    idempotencyKey: `bench:fund:${memberId}`,
    from: { house: 'adjustments' },
    to: { memberId, kind: 'cash' },
    amount: 1_000_000_000,
    kind: 'adjustment',
  });
  const gameToken = async (code: string, company: string) =>
    new URL((await post('/api/routes/open-game', { code, company }, login.token)).url!, url).searchParams.get(
      'token',
    )!;
  return { memberId, gameToken };
}
