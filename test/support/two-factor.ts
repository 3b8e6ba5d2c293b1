import { generateSync } from 'otplib';
import { expect, vi } from 'vitest';
import type { TestApp } from './test-app.ts';

/** The code of the 30-s step before this one: still accepted, so the current step stays free for the next use. */
export const previousCode = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });

/**
 * A new member who turned two-step login on through My page's routes (one wrong code typed on the way,
 * so one of the five wrong codes of the window is spent): the session, the secret and the ten recovery codes.
 */
export async function memberWith2fa(t: TestApp) {
  const { token, member } = await t.login();
  const wrongPw = await t.call('user-2fa-setup', { pw: 'not-it-123' }, { token });
  expect(wrongPw.json()).toMatchObject({ status: 'invalid', msg: 'msg3021' });
  const setup = (await t.call('user-2fa-setup', { pw: member.pw }, { token })).json();
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
  const wrong = await t.call('user-2fa-enable', { otp: '000000' }, { token });
  expect(wrong.json()).toMatchObject({ status: 'invalid', msg: 'msg3521' });
  // The server's clock (this process's Date) held 10 s into the current 30-s step while the code is made
  // and checked: a step starting between the two made "the step before" two steps back (seen once in CI).
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
  const enabled = await (async () => {
    try {
      vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 10_000);
      return await t.call('user-2fa-enable', { otp: previousCode(setup.secret) }, { token });
    } finally {
      vi.useRealTimers();
    }
  })();
  expect(enabled.json()).toMatchObject({ status: 'success', msg: 'msg3522' });
  const codes = enabled.json().recoveryCodes as string[];
  expect(codes).toHaveLength(10);
  return { token, member, secret: setup.secret as string, codes };
}
