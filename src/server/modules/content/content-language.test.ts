import { describe, expect, it } from 'vitest';
import { useOperators } from '../../../../test/support/operators.ts';
import { publicData } from '../../../../test/support/public-api.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';

/**
 * Notices, popups, banners and notes in five languages: the row's own text is the site's default
 * language (th); a member reads their language where it was written, else the default.
 */
describe.runIf(backendAvailable)('content in the reader language', () => {
  const t = useTestApp();
  const { as } = useOperators(t);
  const titles = (rows: { title: string }[]) => rows.map((r) => r.title);
  const inLanguage = (lang: string) => ({ headers: { 'accept-language': lang } });

  it('a notice written in th and en: en members read English, ko members fall back to Thai', async () => {
    const created = await as('content').post('/api/admin/content/notice', {
      title: 'ประกาศวันหยุด',
      contents: '<p>ปิดปรับปรุง</p>',
      translations: { en: { title: 'Holiday notice', contents: '<p>Maintenance<script>x</script></p>' } },
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      item: { translations: { en: { title: 'Holiday notice', contents: '<p>Maintenance</p>' } } },
    });
    const en = (await t.call('get-user-notices', {}, inLanguage('en'))).json().notices;
    expect(titles(en)).toContain('Holiday notice');
    expect(en.find((n: { title: string }) => n.title === 'Holiday notice').contents).toBe(
      '<p>Maintenance</p>',
    );
    const ko = (await t.call('get-user-notices', {}, inLanguage('ko-KR,ko;q=0.9'))).json().notices;
    expect(titles(ko)).toContain('ประกาศวันหยุด');
    expect(titles(ko)).not.toContain('Holiday notice');
    // No language asked: the default language.
    expect(titles((await t.call('get-user-notices', {})).json().notices)).toContain('ประกาศวันหยุด');
  });

  it('a ko member logged in sees the Korean note where written, else the Thai one', async () => {
    const { token, member } = await t.login();
    const memberId = (await as('support').get(`/api/admin/members?q=${member.id}`)).json().members[0].id;
    for (const body of [
      { title: 'ข้อความ', contents: 'สวัสดี', translations: { ko: { title: '쪽지', contents: '안녕하세요' } } },
      { title: 'แค่ภาษาไทย', contents: 'ไทย' },
    ]) {
      const sent = await as('owner').post('/api/admin/notes', { target: 'member', memberId, ...body });
      expect(sent.json().status).toBe('success');
    }
    const notes = (
      await t.call('get-note-list', { page: 1, pageSize: 10 }, { token, ...inLanguage('ko') })
    ).json().notes;
    expect(titles(notes)).toEqual(['แค่ภาษาไทย', '쪽지']);
    expect(notes[1].contents).toBe('안녕하세요');
  });

  it('/public/ answers in the language of ?lang=, else Accept-Language, else the default', async () => {
    await as('content').post('/api/admin/content/popup', {
      title: 'ป๊อปอัป',
      contents: '<p>ไทย</p>',
      translations: { jp: { title: 'ポップアップ' }, vn: { title: 'Cửa sổ', contents: '<p>Việt</p>' } },
    });
    await as('content').post('/api/admin/content/banner', {
      type: 'home',
      title: 'แบนเนอร์',
      text: 'ไทย',
      translations: { en: { title: 'Banner', text: 'English' } },
    });
    const popups = async (path: string, headers?: Record<string, string>) =>
      (await publicData(t, path, {}, { headers })).popups as { title: string; contents: string }[];
    const vn = await popups('community/user_get_notice_popup?lang=vn');
    expect(vn.find((p) => p.title === 'Cửa sổ')?.contents).toBe('<p>Việt</p>');
    // `ja` is the product's jp; the Japanese title with the Thai contents it did not translate.
    const jp = await popups('community/user_get_notice_popup', { 'accept-language': 'ja-JP' });
    expect(jp.find((p) => p.title === 'ポップアップ')?.contents).toBe('<p>ไทย</p>');
    // ?lang= wins over the header; an unknown language is the default.
    const th = await popups('community/user_get_notice_popup?lang=xx', { 'accept-language': 'de' });
    expect(titles(th)).toContain('ป๊อปอัป');
    const banners = (await publicData(t, 'community/user_get_advertisement?lang=en', { type: 'home' }))
      .banners as { title: string; text: string }[];
    expect(banners.find((b) => b.title === 'Banner')?.text).toBe('English');
  });

  it('refuses a language that is not one of the five, and an oversized translation', async () => {
    for (const translations of [
      { de: { title: 'Hallo' } },
      { en: { title: 'x'.repeat(201) } },
      { en: 'x' },
    ]) {
      const res = await as('content').post('/api/admin/content/notice', {
        title: 'a',
        contents: 'b',
        translations,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('session endpoint: the operator language is remembered for them', async () => {
    const owner = as('owner');
    expect((await owner.get('/api/admin/me')).json().operator.locale).toBeNull();
    expect((await owner.post('/api/admin/me/language', { locale: 'ko' })).json().status).toBe('success');
    expect((await owner.get('/api/admin/me')).json().operator.locale).toBe('ko');
    expect((await owner.post('/api/admin/me/language', { locale: 'de' })).statusCode).toBe(400);
  });
});
