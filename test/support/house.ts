import { beforeAll } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';
import { houseApiCall } from './provider-api.ts';
import { listenForWallet } from './sports.ts';
import { useTestApp } from './test-app.ts';

/**
 * The test app for the built-in games: the demo catalogue seeded (the games, their companies and the demo
 * sites) and the app listening, since the games reach the wallet over HTTP as an outside provider would.
 * `house` posts to the games' API (/house/api/<action>), checked against its contract.
 */
export function useHouseApp(configOverrides: Partial<Config> = {}) {
  const t = useTestApp(configOverrides);
  beforeAll(async () => {
    await seedDemo(t.db);
    t.app.sites.invalidate();
    await listenForWallet(t);
  });
  const house = (action: string, body: object) => houseApiCall(t, action, body);
  return { t, house };
}
