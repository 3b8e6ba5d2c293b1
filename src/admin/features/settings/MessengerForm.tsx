import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { SiteView } from '../../api/types.ts';
import { Field } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import ui from '../../components/ui.module.css';
import { useSettingsChange } from './queries.ts';

const SLOTS = [0, 1] as const;

/** The two messenger contact buttons members see; https links only, empty rows are left out. */
export function MessengerForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.messenger);
  const stored = site.settings.messengerLinks ?? [];
  const [links, setLinks] = useState(
    [0, 1].map((i) => ({ label: stored[i]?.label ?? '', url: stored[i]?.url ?? '' })),
  );
  const set = (i: number, key: 'label' | 'url', value: string) =>
    setLinks(links.map((link, j) => (j === i ? { ...link, [key]: value } : link)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      params: { id: site.id },
      body: { links: links.filter((l) => l.label.trim() || l.url.trim()) },
    });
  };
  return (
    <Panel title={t('settings.messenger')}>
      <SaveForm state={change} saveLabel={t('settings.saveLinks')} onSubmit={submit}>
        {SLOTS.map((i) => (
          <div key={i} className={ui.row}>
            <Field
              label={t('settings.buttonLabel', { n: i + 1 })}
              maxLength={50}
              value={links[i]?.label ?? ''}
              onChange={(e) => set(i, 'label', e.target.value)}
            />
            <Field
              label={t('settings.buttonLink', { n: i + 1 })}
              type="url"
              pattern="https://.*"
              maxLength={500}
              value={links[i]?.url ?? ''}
              onChange={(e) => set(i, 'url', e.target.value)}
            />
          </div>
        ))}
      </SaveForm>
    </Panel>
  );
}
