import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotAllTables } from '../../../test/support/db-snapshot.ts';
import { expectConforms } from '../../../test/support/provider-api.ts';
import { listenForWallet } from '../../../test/support/sports.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { backendAvailable } from '../../../test/support/test-db.ts';
import { launchGame } from '../../../test/support/wallet.ts';
import type { ProviderApi } from '../../shared/contract/provider-api.ts';
import { providerContracts } from '../../shared/contract/provider-apis.ts';
import { seedDemo } from '../db/seed-demo.ts';

/** The game each API's window is launched as: its launch token is what the bodies carry. */
const LAUNCHED_AS: Record<string, { code: string; company: string }> = {
  '/sports/api': { code: 'sportsbook', company: 'royal-sports' },
  '/house/api': { code: 'lucky-sevens', company: 'royal-slots' },
};
/** Bodies that are no object at all. */
const NOT_OBJECTS: unknown[] = [[], 'text', 42, true];
/** Values no field of any request accepts: a nested array, a boolean, a fraction. */
const BAD_VALUES: unknown[] = [[[1]], true, -0.5];

describe.runIf(backendAvailable)("the providers' window APIs: every action refuses by its contract", () => {
  const t = useTestApp();
  const tokens = new Map<ProviderApi, string>();
  beforeAll(async () => {
    await seedDemo(t.db);
    await listenForWallet(t);
    const { token } = await t.login();
    for (const api of providerContracts) {
      const game = LAUNCHED_AS[api.base];
      if (!game) throw new Error(`${api.base}: say in LAUNCHED_AS which game launches its window`);
      tokens.set(api, await launchGame(t, token, game));
    }
  });

  const post = (api: ProviderApi, action: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${api.base}/${action}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('each example body is one the action accepts', () => {
    for (const api of providerContracts) {
      for (const [name, action] of Object.entries(api.actions)) {
        expect(action.request.safeParse(action.example).error?.issues, `${api.base}/${name}`).toBeUndefined();
      }
    }
  });

  it('refuses a body that is no object, or a live body with any one field broken, with 400 invalid, writing nothing', async () => {
    const before = await snapshotAllTables(t.db);
    let refused = 0;
    for (const api of providerContracts) {
      for (const [name, action] of Object.entries(api.actions)) {
        // The example with a live launch token: only the broken field stands between it and the handler.
        const live = { ...action.example, ...('token' in action.example ? { token: tokens.get(api) } : {}) };
        const bodies = [
          ...NOT_OBJECTS,
          // A "bad" value a field already holds (true for a boolean) breaks nothing: left out.
          ...Object.entries(live).flatMap(([field, held]) =>
            BAD_VALUES.filter((value) => value !== held).map((value) => ({ ...live, [field]: value })),
          ),
        ];
        for (const body of bodies) {
          const res = await post(api, name, body);
          const label = `${api.base}/${name} ${JSON.stringify(body)}`;
          expect(res.statusCode, label).toBe(400);
          expect(res.json(), label).toMatchObject({
            status: 'invalid',
            message: expect.stringMatching(/\S/),
          });
          expectConforms(api, name, res);
          refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(await snapshotAllTables(t.db)).toBe(before);
  });

  it('answers an action it does not have with 404 not_found', async () => {
    for (const api of providerContracts) {
      for (const name of ['no-such-action', 'constructor', '__proto__', 'toString']) {
        const res = await post(api, name, { token: tokens.get(api) });
        expect(res.statusCode, `${api.base}/${name}`).toBe(404);
        expect(res.json()).toEqual({ status: 'not_found', message: 'no such action' });
      }
    }
  });
});
