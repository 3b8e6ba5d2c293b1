import { afterEach, describe, expect, it, vi } from 'vitest';
import { snapshotAllTables } from '../../../../test/support/db-snapshot.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { sites } from '../../db/schema.ts';

describe.runIf(backendAvailable)('back office: notices, popups and banners', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const content = () => as('content');
  afterEach(() => {
    vi.useRealTimers();
  });

  const onHost = (host: string) => ({ headers: { host, origin: `http://${host}` } });
  const memberNotices = async (host = 'localhost') =>
    (await t.call('get-user-notices', {}, onHost(host)))
      .json()
      .notices.map((n: { title: string }) => n.title);
  const memberPopups = async () => (await t.call('get-notice-popup', {})).json().popups;
  const memberBanners = async (host = 'localhost') =>
    (await t.call('get-advertisement', { type: 'home' }, onHost(host)))
      .json()
      .banners.map((b: { title: string }) => b.title);
  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

  it('shows a scheduled notice to members only from its start until its end', async () => {
    const created = await content().post('/api/admin/content/notice', {
      title: 'Weekend tournament',
      contents: '<p>Starts soon</p>',
      startsAt: inMinutes(5),
      endsAt: inMinutes(60),
    });
    expect(created.json()).toMatchObject({ status: 'success', item: { state: 'scheduled' } });
    expect(await memberNotices()).not.toContain('Weekend tournament');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect(await memberNotices()).toContain('Weekend tournament');
    const listed = (await content().get('/api/admin/content/notice')).json().items;
    expect(listed.find((n: { title: string }) => n.title === 'Weekend tournament').state).toBe('live');

    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect(await memberNotices()).not.toContain('Weekend tournament');
  });

  it('lists every item with its targeting, edits, unpublishes and deletes, auditing each change', async () => {
    await t.db.insert(sites).values({ code: 'b-site', name: 'B', domains: ['b.example'] });
    t.app.sites.invalidate();
    const { id } = (
      await content().post('/api/admin/content/notice', {
        title: 'Only on B',
        contents: 'x',
        domain: 'b.example',
      })
    ).json();
    expect(await memberNotices('b.example')).toContain('Only on B');
    expect(await memberNotices('localhost')).not.toContain('Only on B');

    const edited = await content().post(`/api/admin/content/notice/${id}`, { title: 'Only on B, edited' });
    expect(edited.json().item).toMatchObject({ title: 'Only on B, edited', domain: 'b.example' });
    expect(await memberNotices('b.example')).toContain('Only on B, edited');

    await content().post(`/api/admin/content/notice/${id}`, { published: false });
    expect(await memberNotices('b.example')).not.toContain('Only on B, edited');
    const items = (await content().get('/api/admin/content/notice')).json().items;
    expect(items.find((n: { id: number }) => n.id === id)).toMatchObject({
      published: false,
      state: 'unpublished',
      domain: 'b.example',
    });

    expect((await content().post(`/api/admin/content/notice/${id}/delete`)).json().status).toBe('success');
    expect((await content().post(`/api/admin/content/notice/${id}/delete`)).statusCode).toBe(404);
    expect((await content().post(`/api/admin/content/notice/${id}`, { title: 'gone' })).statusCode).toBe(404);
    const audit = (await as('owner').get(`/api/admin/audit?action=content.notice.update`)).json().entries;
    expect(audit[0]).toMatchObject({
      target: `notice:${id}`,
      before: { published: true },
      after: { published: false },
    });
    expect((await as('owner').get('/api/admin/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('sanitises an edited popup exactly as on create, and the preview shows the same HTML', async () => {
    const { id } = (
      await content().post('/api/admin/content/popup', { title: 'Bonus', contents: '<p>Plain</p>' })
    ).json();
    const hostile =
      '<p class="text-gold" onclick="x()">Double <a href="javascript:alert(1)">comp</a><script>1</script></p>';
    const edit = await content().post(`/api/admin/content/popup/${id}`, { contents: hostile, posX: 120 });
    const preview = (await content().post('/api/admin/content/preview', { contents: hostile })).json();
    const shown = (await memberPopups()).find((p: { id: number }) => p.id === id);
    expect(shown.contents).toBe(
      '<p class="text-gold">Double <a target="_blank" rel="noopener noreferrer">comp</a></p>',
    );
    expect(preview).toEqual({ status: 'success', html: shown.contents });
    expect(edit.json().item).toMatchObject({ contents: shown.contents, posX: 120 });
    expect(shown.posX).toBe(120);
  });

  it('schedules and targets banners, with same-site image paths', async () => {
    const live = await content().post('/api/admin/content/banner', {
      type: 'home',
      title: 'Spring promo',
      imageUrl: '/media/banners/spring.svg',
      linkUrl: 'https://promo.example/spring',
      sortOrder: 1,
    });
    expect(live.json().item).toMatchObject({ state: 'live', imageUrl: '/media/banners/spring.svg' });
    await content().post('/api/admin/content/banner', {
      type: 'home',
      title: 'Old promo',
      endsAt: inMinutes(-1),
    });
    expect(await memberBanners()).toContain('Spring promo');
    expect(await memberBanners()).not.toContain('Old promo');
    await content().post(`/api/admin/content/banner/${live.json().id}`, { published: false });
    expect(await memberBanners()).not.toContain('Spring promo');
  });

  it('refuses malformed, hostile or impossible content with 400 and writes nothing', async () => {
    const { id } = (
      await content().post('/api/admin/content/notice', { title: 'Keep', contents: 'x' })
    ).json();
    const before = await snapshotAllTables(t.db, ['operator_sessions']);
    const refused: [string, unknown][] = [
      ['/api/admin/content/notice', { title: '', contents: 'x' }],
      ['/api/admin/content/notice', { title: 'x', contents: 'x', startsAt: 'tomorrow' }],
      [
        '/api/admin/content/notice',
        { title: 'x', contents: 'x', startsAt: inMinutes(10), endsAt: inMinutes(5) },
      ],
      ['/api/admin/content/notice', { title: 'x', contents: 'x'.repeat(20_001) }],
      ['/api/admin/content/notice', { title: 'x', contents: 'x', domain: '<script>' }],
      ['/api/admin/content/popup', { title: 'x', contents: 'x', titleColor: 'red;x' }],
      ['/api/admin/content/popup', { title: 'x', contents: 'x', posX: 1e12 }],
      ['/api/admin/content/banner', { type: 'home', title: 'x', imageUrl: 'https://evil.example/x.png' }],
      ['/api/admin/content/banner', { type: 'home', title: 'x', imageUrl: '/media/../../etc/passwd' }],
      ['/api/admin/content/banner', { type: 'home', title: 'x', linkUrl: 'javascript:alert(1)' }],
      ['/api/admin/content/banner', { type: 'side', title: 'x' }],
      ['/api/admin/content/video', { title: 'x', contents: 'x' }],
      [`/api/admin/content/notice/${id}`, {}],
      [
        `/api/admin/content/notice/${id}`,
        { endsAt: '2000-01-01T00:00:00Z', startsAt: '2001-01-01T00:00:00Z' },
      ],
      ['/api/admin/content/notice/abc', { title: 'x' }],
      ['/api/admin/content/notice/1e400', { title: 'x' }],
      ['/api/admin/content/preview', { contents: 42 }],
      // A host no site answers on (a typo): the item would be shown nowhere.
      ['/api/admin/content/notice', { title: 'x', contents: 'x', domain: 'localhostt' }],
      ['/api/admin/content/popup', { title: 'x', contents: 'x', domain: 'localhost, nowhere.example' }],
      [`/api/admin/content/notice/${id}`, { domain: 'nowhere.example' }],
    ];
    for (const [url, body] of refused) {
      const res = await content().post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 'invalid', msg: 'msg3000' });
    }
    const typo = await content().post('/api/admin/content/notice', {
      title: 'x',
      contents: 'x',
      domain: 'localhostt',
    });
    expect(typo.json().message).toBe('no site answers on localhostt');
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/notice/${id}`,
      headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(await snapshotAllTables(t.db, ['operator_sessions'])).toBe(before);
  });
});
