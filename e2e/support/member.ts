import type { Page } from 'playwright-core';
import { beforeAll, inject } from 'vitest';
import type { BrowserSession } from './browser.ts';

/**
 * Logs the demo member in through the API from the page, so the session cookie is set. Only for files
 * that read what the demo member has: a file that changes a member's balance or state (plays, pays,
 * fails a login ...) makes its own with fundedMember, so no file's leftovers reach another.
 */
export async function loginDemo(page: Page): Promise<void> {
  await page.goto('/');
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/routes/user-do-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'demo', pw: 'demo1234' }),
    });
    return (await res.json()).status;
  });
  if (status !== 'success') throw new Error(`demo login failed: ${status}`);
}

/** Launches a game the way the site does and returns the URL to open. */
export async function launch(page: Page, code: string, company: string): Promise<string> {
  return page.evaluate(
    async ([c, v]) => {
      const res = await fetch('/api/routes/open-game', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: c, company: v, timeStemp: Date.now() }),
      });
      const body = await res.json();
      if (body.status !== 'success') throw new Error(JSON.stringify(body));
      return body.url as string;
    },
    [code, company],
  );
}

/**
 * The demo member has a welcome note: whichever test logs in first sees the msg2003 alert. Tests
 * about something else answer it with Cancel whenever it shows up (the notes test reads it).
 */
export function dismissNoteAlert(b: BrowserSession): void {
  beforeAll(async () => {
    const alert = b.page.getByText('You have a new note.');
    await b.page.addLocatorHandler(alert, async () => {
      await b.page.getByRole('button', { name: 'Cancel' }).click();
    });
  });
}

/** The password registerViaApi gives its members. */
export const MEMBER_PASSWORD = 'secret123';

export interface BankDetails {
  bankname: string;
  bankOwner: string;
  banknum: string;
}

/**
 * Registers a member through the API from the page (same origin), with throwaway details; the bank,
 * unless given, is the first of the page's site's list (a baht site lists Thai banks). Returns it.
 */
export async function registerViaApi(
  page: Page,
  id: string,
  bank?: Partial<BankDetails>,
): Promise<BankDetails> {
  const details: BankDetails = {
    bankname: bank?.bankname ?? (await siteBanks(page))[0] ?? 'Any Bank',
    bankOwner: bank?.bankOwner ?? 'Test Player',
    banknum: bank?.banknum ?? '123-456-7890',
  };
  const status = await page.evaluate(
    async ([login, body, pw]) => {
      const res = await fetch('/api/routes/user-register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: login,
          pw,
          nick: `N${login}`,
          phone: '010-1234-5678',
          birthDate: '1990-04-01',
          terms: true,
          ...body,
        }),
      });
      return (await res.json()).status as string;
    },
    [id, details, MEMBER_PASSWORD] as const,
  );
  if (status !== 'success') throw new Error(`registration of ${id} failed: ${status}`);
  return details;
}

/** The banks the registration form of the page's site offers. */
export async function siteBanks(page: Page): Promise<string[]> {
  const reply = await memberCall(page, 'get-reg-domain', {});
  return (reply.site as { banks: string[] }).banks;
}

/** Calls a member route from the page (same origin, the member's session cookie). */
export async function memberCall(page: Page, route: string, body: object): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ([name, payload]) => {
      const res = await fetch(`/api/routes/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as Record<string, unknown>;
    },
    [route, body] as const,
  );
}

/** Logs a member in through the API from the page. */
export async function loginAs(page: Page, id: string, pw = MEMBER_PASSWORD): Promise<void> {
  const reply = await memberCall(page, 'user-do-login', { id, pw });
  if (reply.status !== 'success') throw new Error(`login of ${id} failed: ${reply.status}`);
}

let members = 0;
/**
 * A member of this test file alone, registered, logged in and funded through a deposit the test
 * operator approves: no browser test shares a balance with another file (nor with the demo member).
 */
export async function fundedMember(page: Page, prefix: string, amount: number): Promise<string> {
  members += 1;
  const id = `${prefix}${process.pid % 1000}x${members}`.slice(0, 16);
  await page.goto('/');
  await registerViaApi(page, id);
  await loginAs(page, id);
  const asked = await memberCall(page, 'apply-user-deposit', { balance: amount, code: `${Date.now()}` });
  if (asked.status !== 'success') throw new Error(`deposit request of ${id} failed: ${asked.status}`);
  const approved = await fetch(`${inject('operatorUrl')}/approve-latest-deposit`, {
    method: 'POST',
    body: JSON.stringify({ loginId: id }),
  });
  if (approved.status !== 200) throw new Error(`approval for ${id} failed: ${await approved.text()}`);
  // The credit's note ("deposit credited") is read, so no new-note alert stands in the way of a test.
  await memberCall(page, 'read-all-note', {});
  return id;
}

/**
 * A funded member of this test file alone (fundedMember), logged out again: for tests that log in
 * through the site's own form. Its password is MEMBER_PASSWORD.
 */
export async function fundedMemberLoggedOut(page: Page, prefix: string, amount: number): Promise<string> {
  const id = await fundedMember(page, prefix, amount);
  const reply = await memberCall(page, 'user-logout', {});
  if (reply.status !== 'success') throw new Error(`logout of ${id} failed: ${reply.status}`);
  return id;
}

/**
 * Gives the member a provably fair seed pair of the test's choosing for the built-in games, from
 * nonce 0 (through the test operator's desk): the next rounds' outcomes are then the ones the shared
 * engine computes from these seeds.
 */
export async function seedHouseRounds(
  loginId: string,
  serverSeed: string,
  clientSeed: string,
): Promise<void> {
  const res = await fetch(`${inject('operatorUrl')}/house-seed`, {
    method: 'POST',
    body: JSON.stringify({ loginId, serverSeed, clientSeed }),
  });
  if (res.status !== 200) throw new Error(`seeding ${loginId}'s rounds failed: ${await res.text()}`);
}

export interface WalletCall {
  kind: string;
  amount: number;
  status: string | undefined;
}

/** The wallet calls the game provider made for a member, oldest first (from the test operator's desk). */
export async function walletCallsOf(loginId: string): Promise<WalletCall[]> {
  const res = await fetch(`${inject('operatorUrl')}/wallet-calls`, {
    method: 'POST',
    body: JSON.stringify({ loginId }),
  });
  return ((await res.json()) as { calls: WalletCall[] }).calls;
}
