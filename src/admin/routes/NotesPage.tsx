import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminContract as api } from '../../shared/contract/admin/index.ts';
import { Button } from '../../ui/Button.tsx';
import { adminCall } from '../api/client.ts';
import { Field, Outcome, Select, TextArea } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { useTextFields } from '../components/text-fields.ts';
import ui from '../components/ui.module.css';
import { LanguageTabs } from '../features/content/LanguageTabs.tsx';
import { useTranslatedTexts } from '../features/content/translated-texts.ts';
import { useChosenSite } from '../features/session/site-zone.ts';

type Target = 'member' | 'level' | 'all';

/** The member's id from their login; a note to a login that does not exist is refused here. */
async function memberIdOf(loginId: string): Promise<number> {
  const { members } = await adminCall(api.members.search, { query: { q: loginId } });
  const member = members.find((m) => m.loginId === loginId.trim().toLowerCase());
  if (!member) throw new Error(i18next.t('notes.noSuchMember', { login: loginId }));
  return member.id;
}

/** A note to one member, to every member of a level, or to everyone; it lands in their inbox. */
export default function NotesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // From a member's page the id is known; a typed login is looked up.
  const knownId = Number(params.get('id')) || undefined;
  const [target, setTarget] = useState<Target>(params.get('to') ? 'member' : 'all');
  // A level's or everyone's note goes to the chosen site's members (a site has its own levels and
  // brand) unless the operator picks every site.
  const { sites, site: chosen } = useChosenSite();
  const [siteChoice, setSiteChoice] = useState<string>('');
  const siteId = siteChoice === 'every' ? undefined : Number(siteChoice) || chosen?.id;
  const [form, setForm, bind] = useTextFields({
    loginId: params.get('to') ?? '',
    level: '1',
    title: '',
    contents: '',
  });
  // The note in the other languages, as the content editor writes them.
  const texts = useTranslatedTexts<'title' | 'contents'>(form, (key, value) =>
    setForm({ ...form, [key]: value }),
  );
  const send = useMutation({
    mutationFn: async () => {
      const fromMemberPage = knownId && form.loginId === params.get('to') ? knownId : undefined;
      const memberId = target === 'member' ? (fromMemberPage ?? (await memberIdOf(form.loginId))) : undefined;
      const level = target === 'level' ? Number(form.level) : undefined;
      return adminCall(api.notes.send, {
        body: {
          target,
          memberId,
          level,
          siteId: target === 'member' ? undefined : siteId,
          title: form.title,
          contents: form.contents,
          translations: texts.translations,
        },
      });
    },
    onSuccess: () => {
      setForm({ ...form, title: '', contents: '' });
      texts.clear();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <div className={ui.page}>
      <PageHead title={t('nav.notes')} />
      <Panel title={t('memberDetail.sendNote')}>
        <form className={ui.form} onSubmit={submit} style={{ maxWidth: 640 }}>
          <div className={ui.row}>
            <Select
              label={t('notes.to')}
              value={target}
              onChange={(event) => setTarget(event.target.value as Target)}
            >
              <option value="all">{t('notes.target.all')}</option>
              <option value="level">{t('notes.target.level')}</option>
              <option value="member">{t('notes.target.member')}</option>
            </Select>
            {target === 'member' && (
              <Field label={t('notes.memberLogin')} required maxLength={64} {...bind('loginId')} />
            )}
            {target === 'level' && (
              <Field label={t('members.level')} type="number" min={1} max={20} required {...bind('level')} />
            )}
            {target !== 'member' && (
              <Select
                label={t('notes.site')}
                value={siteChoice === 'every' ? 'every' : String(siteId ?? '')}
                onChange={(event) => setSiteChoice(event.target.value)}
                data-testid="note-site"
                // The sites' names are the operator's own.
                translate="no"
              >
                {sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
                <option value="every">{t('notes.everySite')}</option>
              </Select>
            )}
          </div>
          <LanguageTabs {...texts.tabs} />
          <Field label={t('notes.title')} maxLength={100} {...texts.input('title')} />
          <TextArea label={t('notes.message')} maxLength={5000} {...texts.input('contents')} />
          <div className={ui.row}>
            <Button type="submit" disabled={send.isPending}>
              {t('notes.send')}
            </Button>
          </div>
          <Outcome error={send.error} done={send.isSuccess && t('notes.sent', { id: send.data.noteId })} />
        </form>
      </Panel>
    </div>
  );
}
