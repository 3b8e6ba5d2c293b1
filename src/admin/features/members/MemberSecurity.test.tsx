// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { adminRenderer } from '../../test-support/render.tsx';
import { MemberSecurity } from './MemberSecurity.tsx';

const { render, settle: microtasks, stubApi } = adminRenderer();
/** The queries' fetches and renders, which take a few turns of the event loop. */
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await microtasks();
  }
};

/** One reply for every request: the signed-in operator (who may answer support) and the member's security. */
const reply = (lockedUntil: string | null, permissions: string[]) => ({
  operator: { id: 1, login: 'desk', role: 'support', locale: null },
  permissions,
  twoFactor: { enabled: true, enabledAt: '2026-01-02T03:04:05.000Z', recoveryCodesLeft: 9, lockedUntil },
  activeSessions: 0,
  email: null,
  birthDate: null,
  termsVersion: null,
  termsAcceptedAt: null,
});

describe('the member page: a locked second step', () => {
  it('shows the lock and lets support lift it with a reason', async () => {
    const sent = stubApi(reply('2026-11-30T10:00:00.000Z', ['members.view', 'support.answer']));
    const page = await render(<MemberSecurity id={7} />);
    await settle();
    expect(page.querySelector('[data-testid="member-2fa-locked"]')?.textContent).toContain(
      'locked after 5 wrong codes until',
    );
    const form = page.querySelector('form') as HTMLFormElement;
    expect(form.querySelector('button')?.getAttribute('aria-label')).toBe(
      'Lift this member’s two-step login lock',
    );
    const input = form.querySelector('input') as HTMLInputElement;
    input.value = 'called in, checked id';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    expect(sent.find((s) => s.url.endsWith('/members/7/security/unlock-2fa'))).toMatchObject({
      body: { reason: 'called in, checked id' },
    });
  });

  it('offers nothing to lift when the member is not locked, or to an operator who may not', async () => {
    stubApi(reply(null, ['members.view', 'support.answer']));
    const open = await render(<MemberSecurity id={7} />);
    await settle();
    expect(open.querySelector('[data-testid="member-2fa-locked"]')).toBeNull();
    expect(open.querySelector('form')).toBeNull();
    stubApi(reply('2026-11-30T10:00:00.000Z', ['members.view']));
    const cashier = await render(<MemberSecurity id={7} />);
    await settle();
    expect(cashier.querySelector('[data-testid="member-2fa-locked"]')).not.toBeNull();
    expect(cashier.querySelector('form')).toBeNull();
  });
});
