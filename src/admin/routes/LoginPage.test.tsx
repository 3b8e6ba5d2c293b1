// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { adminRenderer } from '../test-support/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const { render, settle: microtasks } = adminRenderer();
/** The mutation's fetch and the renders after, which take a few turns of the event loop. */
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await microtasks();
  }
};

/** Every request is refused with `body` (HTTP `status`). */
const refuseWith = (status: number, body: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

async function signIn(page: HTMLElement) {
  const inputs = [...page.querySelectorAll('input')] as HTMLInputElement[];
  for (const [input, value] of inputs.map(
    (input, i) => [input, ['desk', 'operator-pass1', '123456'][i]] as const,
  )) {
    input.value = value ?? '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  await settle();
  page.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await settle();
}

describe('the sign-in screen', () => {
  it('says clearly that wrong codes locked the second step, for how long, and who can lift it', async () => {
    refuseWith(429, {
      status: 'limited',
      msg: 'msg3529',
      message: 'too many wrong codes: two-step login is locked for 24 hours from the first wrong code',
      retryAfter: 20 * 3600,
    });
    const page = await render(<LoginPage />);
    await signIn(page);
    expect(page.querySelector('[role="alert"]')?.textContent).toBe(
      'Too many wrong codes: your two-step sign-in is locked for about 20 h. Ask an owner to lift the lock, or try again later.',
    );
  });

  it('tells a server key problem apart from a wrong code', async () => {
    refuseWith(503, { status: 'unavailable', msg: 'msg3530', message: 'neither key opens' });
    const page = await render(<LoginPage />);
    await signIn(page);
    expect(page.querySelector('[role="alert"]')?.textContent).toContain('server');
  });
});
