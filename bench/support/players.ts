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

/** What a bench member registers with: the spec's fields, the same for every bench, and a bank the site lists. */
export const benchMember = (id: string, bankname = 'KB Bank') => ({
  id,
  pw: 'benchpass1',
  nick: id,
  phone: '01012345678',
  bankname,
  birthDate: '1990-04-01',
  terms: true,
  bankOwner: 'Bench',
  banknum: '123-456-789',
});

const banks = new Map<string, Promise<string>>();

/** The first bank the server's default site lists (a site in baht lists Thai banks only). */
export function siteBank(url: string): Promise<string> {
  const known = banks.get(url);
  if (known) return known;
  const bank = poster(url)('/api/routes/get-reg-domain', {}).then(
    (reply) => (reply.site as unknown as { banks: string[] }).banks[0] ?? 'KB Bank',
  );
  banks.set(url, bank);
  return bank;
}

/**
 * Registers and logs in a bench player through the member API, funds them with 1,000,000,000 by an
 * adjustment transfer, and gives a function that opens a game for them (its launch token).
 */
export async function fundedPlayer(db: Db, url: string, id: string) {
  const post = poster(url);
  const bank = await siteBank(url);
  const registered = await post('/api/routes/user-register', benchMember(id, bank));
  if (registered.status !== 'success')
    throw new Error(`bench member ${id} not registered: ${JSON.stringify(registered)}`);
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
