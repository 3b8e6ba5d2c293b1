import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { KO_SITE, memberOn } from '../../../../test/support/sites.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';

/**
 * A recovery message is read by the member, who may never have picked a language on the page (no
 * `lang` cookie): it is written in their site's language, not the install's default (Thai).
 */
describe.runIf(backendAvailable)('the language of a recovery message', () => {
  const t = useTestApp({ recoveryAnswerMs: 0 }, { seedDemo: true });

  const lastMessage = async () =>
    (await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1))[0]!;

  it("is the site's own language when the member chose none, and the chosen one when they did", async () => {
    const m = await memberOn(t, KO_SITE);
    const forgot = (cookie?: string) =>
      t.call('user-password-forgot', { id: m.loginId }, { ...KO_SITE, ...(cookie ? { cookie } : {}) });
    expect((await forgot()).json()).toMatchObject({ status: 'success' });
    const unchosen = await lastMessage();
    expect(unchosen.body).toMatch(/비밀번호 재설정 코드 \d{6}/);

    expect((await forgot('lang=en')).json()).toMatchObject({ status: 'success' });
    expect((await lastMessage()).body).toMatch(/password reset code \d{6}/);
  });
});
