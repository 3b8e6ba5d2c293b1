import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIdOf } from '../../../../test/support/money.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { members } from '../../db/schema.ts';
import { sendNote } from './notes.service.ts';

describe.runIf(backendAvailable)('notes', () => {
  const t = useTestApp();
  const noteCount = async (token: string) =>
    (await t.call('user-health-check', {}, { token })).json().noteCount;
  const titles = async (token: string) =>
    (await t.call('get-note-list', {}, { token })).json().notes.map((n: { title: string }) => n.title);

  it('delivers notes to one member, to a level, and to everyone who had joined', async () => {
    const early = await sendNote(t.db, {
      target: 'all',
      title: 'Before you joined',
      contents: 'x',
      sentBy: 'op',
    });
    const a = await t.login();
    const b = await t.login();
    const aId = await memberIdOf(t.db, a.member.id);
    await t.db.update(members).set({ level: 2 }).where(eq(members.id, aId));

    await sendNote(t.db, {
      target: 'member',
      memberId: aId,
      title: 'Just for A',
      contents: 'hi',
      sentBy: 'op',
    });
    await sendNote(t.db, { target: 'level', level: 2, title: 'Level 2', contents: 'hi', sentBy: 'op' });
    await sendNote(t.db, { target: 'all', title: 'Everyone', contents: 'hi', sentBy: 'op' });

    expect(await titles(a.token)).toEqual(['Everyone', 'Level 2', 'Just for A']);
    expect(await titles(b.token)).toEqual(['Everyone']);
    expect(await noteCount(a.token)).toBe(3);
    expect(await noteCount(b.token)).toBe(1);
    expect(early.id).toBeGreaterThan(0);

    const latest = (await t.call('get-user-note', {}, { token: a.token })).json();
    expect(latest).toMatchObject({
      status: 'success',
      noteCount: 3,
      latest: { title: 'Everyone', read: false },
    });
  });

  it('reads and deletes one note, then reads all and deletes all', async () => {
    const m = await t.login();
    const id = await memberIdOf(t.db, m.member.id);
    const notes = [];
    for (const title of ['One', 'Two', 'Three']) {
      notes.push(
        await sendNote(t.db, { target: 'member', memberId: id, title, contents: title, sentBy: 'op' }),
      );
    }
    expect((await t.call('read-note-message', { id: notes[0]!.id }, { token: m.token })).json().status).toBe(
      'success',
    );
    expect(await noteCount(m.token)).toBe(2);
    await t.call('del-note', { id: notes[1]!.id }, { token: m.token });
    expect(await titles(m.token)).toEqual(['Three', 'One']);
    expect(await noteCount(m.token)).toBe(1);

    expect((await t.call('read-all-note', {}, { token: m.token })).json()).toMatchObject({
      status: 'success',
    });
    expect(await noteCount(m.token)).toBe(0);
    expect(
      (await t.call('get-note-list', {}, { token: m.token }))
        .json()
        .notes.every((n: { read: boolean }) => n.read),
    ).toBe(true);
    await t.call('del-all-note', {}, { token: m.token });
    expect(await titles(m.token)).toEqual([]);
  });
});
