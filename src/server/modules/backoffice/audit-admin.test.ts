import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

interface Entry {
  id: number;
  at: string;
  operatorLogin: string;
  action: string;
}

describe.runIf(backendAvailable)('back office: the audit log', () => {
  const t = useTestApp();
  const { as, logins } = useOperators(t);
  const owner = () => as('owner');
  const entries = async (query: string) => {
    const res = await owner().get(`/api/admin/audit?${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json().entries as Entry[];
  };
  afterEach(() => {
    vi.useRealTimers();
  });
  /** A support operator sends a note to a new member (audited as notes.send); the member's id. */
  const noteToNewMember = async (support = as('support')) => {
    const { member } = await t.login();
    const id = (await support.get(`/api/admin/members?q=${member.id}`)).json().members[0].id;
    const res = await support.post('/api/admin/notes', {
      target: 'member',
      memberId: id,
      title: 'Hi',
      contents: 'x',
    });
    expect(res.statusCode).toBe(200);
    return id as number;
  };

  describe('with operators of its own', () => {
    // The file's other tests write to the same audit log, in any order: this test's operators are
    // its own, so what they did is exactly what this test made them do.
    const mine = useOperators(t);
    it('filters by operator, action (exact or prefix) and date range, newest first, with a limit', async () => {
      // An entry on a day long past: the content operator publishes with the clock set back.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2020-06-01T12:00:00Z'));
      await mine.as('content').post('/api/admin/content/notice', { title: 'Old', contents: 'x' });
      vi.useRealTimers();
      const id = await noteToNewMember(mine.as('support'));
      await mine.as('owner').post(`/api/admin/members/${id}/level`, { level: 3 });

      const bySupport = await entries(`operator=${mine.logins.support}`);
      expect(bySupport.map((e) => e.action)).toEqual(['notes.send', 'operator.login']);
      expect(bySupport.every((e) => e.operatorLogin === mine.logins.support)).toBe(true);

      const onThatDay = await entries('from=2020-06-01&to=2020-06-01');
      expect(onThatDay.map((e) => [e.action, e.operatorLogin])).toEqual([
        ['content.notice.create', mine.logins.content],
      ]);
      expect(await entries('from=2020-06-02&to=2020-06-30')).toEqual([]);
      expect(await entries('from=2020-06-01T11:59:00Z&to=2020-06-01T12:01:00%2B00:00')).toHaveLength(1);
      const recent = await entries(`from=${new Date(Date.now() - 60_000).toISOString()}`);
      expect(recent.map((e) => e.action)).toContain('members.level');
      expect(recent.map((e) => e.action)).not.toContain('content.notice.create');

      const notes = await entries('action=notes.send');
      expect(notes.every((e) => e.action === 'notes.send')).toBe(true);
      expect(notes.map((e) => e.operatorLogin)).toContain(mine.logins.support);
      expect(
        (await entries(`action=notes.send&operator=${mine.logins.support}`)).map((e) => e.action),
      ).toEqual(['notes.send']);
      const content = await entries('action=content.*');
      expect(content.length).toBeGreaterThan(0);
      expect(content.every((e) => e.action.startsWith('content.'))).toBe(true);
      expect(await entries('action=content%25')).toEqual([]);

      const all = await entries('');
      expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
      expect(await entries('limit=2')).toEqual(all.slice(0, 2));
      expect(await entries(`before=${all[1]!.id}&limit=1`)).toEqual([all[2]]);
      expect(await entries('operator=&action=&from=')).toEqual(all);
    });
  });

  it('lists operators and recorded actions for the filters, without secrets', async () => {
    // Its own recorded actions, whatever other tests did or did not run.
    const popup = await owner().post('/api/admin/content/popup', { title: 'Listed', contents: 'x' });
    expect(popup.statusCode).toBe(200);
    await noteToNewMember();
    const operators = (await owner().get('/api/admin/operators')).json().operators;
    expect(operators).toEqual(
      expect.arrayContaining([expect.objectContaining({ login: logins.cashier, role: 'cashier' })]),
    );
    expect(operators[0]).not.toHaveProperty('passwordHash');
    expect(operators[0]).not.toHaveProperty('totpSecret');
    expect((await owner().get('/api/admin/audit/actions')).json().actions).toEqual(
      expect.arrayContaining(['content.popup.create', 'notes.send', 'operator.login']),
    );
    expect((await as('support').get('/api/admin/operators')).statusCode).toBe(403);
  });

  it('refuses malformed filters with 400', async () => {
    for (const query of [
      'from=yesterday',
      'to=2020-13-01',
      'from=2020-06-01T12:00:00',
      'limit=0',
      'limit=501',
      'limit=ten',
      'before=-1',
      'action=a&action=b',
      `operator=${'x'.repeat(65)}`,
    ]) {
      const res = await owner().get(`/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid', msg: 'msg3000' });
    }
  });
});
