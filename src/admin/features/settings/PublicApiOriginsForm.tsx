import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { SiteView } from '../../api/types.ts';
import { TextArea } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import { useSettingsChange } from './queries.ts';

/**
 * Which browser origins may call this site's /public/ API (older front ends on their own host),
 * one per line; left empty, any origin may.
 */
export function PublicApiOriginsForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.publicApi.origins);
  const [text, setText] = useState((site.settings.publicApiOrigins ?? []).join('\n'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const origins = text
      .split(/\s+/)
      .map((line) => line.trim())
      .filter(Boolean);
    change.mutate({ params: { id: site.id }, body: { origins } });
  };
  return (
    <Panel title={t('settings.publicApi')}>
      <SaveForm state={change} saveLabel={t('settings.saveOrigins')} onSubmit={submit}>
        <TextArea label={t('settings.origins')} rows={3} value={text} onValue={setText} />
      </SaveForm>
    </Panel>
  );
}
