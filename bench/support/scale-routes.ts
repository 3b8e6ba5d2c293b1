import { memberToken } from './scale-data.ts';

/** A route to time: how to make its i-th call. */
export interface TimedRoute {
  label: string;
  side: 'admin' | 'member';
  call(i: number): Promise<Response>;
  /** Fewer calls for a route whose cost grows with the data by design (the full audit-chain check). */
  calls?: number;
  /** Printed beside the figure instead of a target: the route is not meant to meet one. */
  noTarget?: string;
}

export interface RouteContext {
  url: string;
  members: number;
  operatorToken: string;
}

/** Every read route of the member API and the admin API, and the writes an operator repeats most. */
/** The i-th member a timed call acts for: spread over the whole id range. */
export const sampleMember = (members: number, i: number) => 1 + ((i * 7919) % members);

export function scaleRoutes({ url, members, operatorToken }: RouteContext): TimedRoute[] {
  // Member m's session token is known (scale-data.ts).
  const sample = (i: number) => sampleMember(members, i);
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

  const member = (route: string, body: unknown = {}, guest = false): TimedRoute => ({
    label: route,
    side: 'member',
    call: (i) =>
      fetch(`${url}/api/routes/${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(guest ? {} : { authorization: `Bearer ${memberToken(sample(i))}` }),
        },
        body: JSON.stringify(typeof body === 'function' ? body(i) : body),
      }),
  });
  const admin = (
    label: string,
    path: (i: number) => string,
    extra: Partial<TimedRoute> = {},
  ): TimedRoute => ({
    label,
    side: 'admin',
    call: (i) =>
      fetch(`${url}/api/admin${path(i)}`, { headers: { authorization: `Bearer ${operatorToken}` } }),
    ...extra,
  });
  const adminPost = (
    label: string,
    path: (i: number) => string,
    body: (i: number) => unknown,
  ): TimedRoute => ({
    label,
    side: 'admin',
    call: (i) =>
      fetch(`${url}/api/admin${path(i)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${operatorToken}`,
          'content-type': 'application/json',
          origin: url,
        },
        body: JSON.stringify(body(i)),
      }),
  });

  return [
    member('user-health-check'),
    // Availability checks are limited per address (429 after a few dozen): fewer calls.
    { ...member('check-user-id', (i: number) => ({ id: `free${i}x` }), true), calls: 10 },
    { ...member('check-user-nick', (i: number) => ({ nick: `freenick${i}` }), true), calls: 10 },
    member('get-reg-domain', {}, true),
    member('get-comp-settings'),
    member('get-deposit-list', { page: 1 }),
    member('get-withdraw-list', { page: 1 }),
    member('get-cash-history', { page: 1 }),
    member('get-cash-ticker', { kind: 'deposit' }, true),
    member('get-user-statement', {}),
    member('get-user-statement', { kind: 'game' }),
    member('get-balance-deposit-lock'),
    member('get-balance-withdraw-lock'),
    member('get-help-list', { page: 1 }),
    member('get-user-note'),
    member('get-note-list', { page: 1 }),
    member('get-user-notices', {}, true),
    member('get-notice-popup', {}, true),
    member('get-advertisement', { type: 'home' }, true),
    member('get-casino-setting', {}, true),
    member('get-slot-setting', {}, true),
    member('get-game-list', {}, true),
    member('get-in-game-balance'),
    member('get-slot-bets-list', { page: 1 }),
    member('get-jackpot', {}, true),
    member('get-vault'),
    member('get-protection'),
    member('get-activity'),
    member('get-account-statement-csv', { from: monthAgo, to: today }),

    admin('GET /me', () => '/me'),
    admin('GET /dashboard', () => '/dashboard'),
    admin('GET /pending-counts', () => '/pending-counts'),
    admin('GET /cashier/pending', () => '/cashier/pending'),
    admin('GET /members (latest)', () => '/members'),
    admin('GET /members?q=<login>', (i) => `/members?q=member${sample(i)}`),
    admin('GET /members?q=<nick>', (i) => `/members?q=NICK${sample(i)}`),
    admin('GET /members?q=<phone>', (i) => `/members?q=010${String(sample(i)).padStart(8, '0')}`),
    admin(
      'GET /members?q=<bank number>',
      (i) => `/members?q=${String((sample(i) * 7919) % 1e12).padStart(12, '0')}`,
    ),
    admin('GET /members?q=<login prefix>', (i) => `/members?q=member${sample(i) % 1000}`),
    admin('GET /members?q=<no match>', (i) => `/members?q=nobody${i}`),
    admin('GET /members/:id', (i) => `/members/${sample(i)}`),
    admin('GET /members/:id/protection', (i) => `/members/${sample(i)}/protection`),
    admin('GET /support/tickets', () => '/support/tickets'),
    admin('GET /support/account-requests', () => '/support/account-requests'),
    admin('GET /content/notice', () => '/content/notice'),
    admin('GET /games', () => '/games'),
    admin('GET /games/open-rounds', () => '/games/open-rounds'),
    admin('GET /sports/events', () => '/sports/events'),
    admin('GET /sports/bets', () => '/sports/bets'),
    admin('GET /sports/settings', () => '/sports/settings'),
    admin('GET /sports/feed', () => '/sports/feed'),
    admin('GET /settings/sites', () => '/settings/sites'),
    admin('GET /settings/sites/1/levels', () => '/settings/sites/1/levels'),
    admin('GET /settings/payment-options', () => '/settings/payment-options'),
    admin('GET /operators', () => '/operators'),
    admin('GET /audit', () => '/audit'),
    admin('GET /audit?action=', () => '/audit?action=members.block'),
    admin('GET /audit?operator=', () => '/audit?operator=op3'),
    admin('GET /audit/actions', () => '/audit/actions'),
    admin('GET /audit/verify', () => '/audit/verify', {
      calls: 5,
      noTarget: 'rehashes the whole chain by design',
    }),
    adminPost(
      'POST /notes (to a member)',
      () => '/notes',
      (i) => ({ target: 'member', memberId: sample(i), title: 'Bench', contents: 'Hello' }),
    ),
    adminPost(
      'POST /members/:id/adjust',
      (i) => `/members/${sample(i)}/adjust`,
      () => ({ amount: 100, reason: 'bench goodwill' }),
    ),
  ];
}
