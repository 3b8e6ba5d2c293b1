import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ODDS_FORMATS } from '../../../shared/sports/odds-format.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field, Outcome, Select, TextArea } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useBookSettings, useFeedSources, useImportFeed, useSaveBookSettings } from './queries.ts';
import { SettingFields } from './SettingFields.tsx';
import styles from './trading.module.css';

/** The book's house rules, the feeds' status, and a JSON-lines upload (the README's feed format). */
export function FeedPanel() {
  const { t } = useTranslation();
  const sources = useFeedSources();
  const upload = useImportFeed();
  const settings = useBookSettings();
  const save = useSaveBookSettings();
  const [lines, setLines] = useState('');
  const current = settings.data?.settings;
  const [delay, setDelay] = useState<string>();
  const help = 'house-rules-help';
  return (
    <>
      <Panel title={t('trading.feed.rules')}>
        {current && (
          <form
            // Fresh defaults when the stored rules change (another desk, a script).
            key={JSON.stringify(current)}
            className={ui.row}
            aria-label={t('trading.feed.rules')}
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              save.mutate({
                body: {
                  rounding: form.get('rounding') === 'nearest' ? 'nearest' : 'down',
                  confirmResults: form.get('confirm') === 'on',
                  betDelaySeconds: Number(delay ?? current.betDelaySeconds),
                  cancelWindowMinutes: Number(form.get('cancelWindowMinutes')),
                  postponeVoidHours: Number(form.get('postponeVoidHours')),
                  cashoutMarginBp: Number(form.get('cashoutMarginBp')),
                  cashoutOfferSeconds: Number(form.get('cashoutOfferSeconds')),
                  oddsFormat: String(form.get('oddsFormat')) as (typeof ODDS_FORMATS)[number],
                  reducedMultiple: form.get('reducedMultiple') === 'void' ? 'void' : 'single',
                },
              });
            }}
          >
            <Select label={t('trading.feed.rounding')} name="rounding" defaultValue={current.rounding}>
              <option value="down">{t('trading.feed.down')}</option>
              <option value="nearest">{t('trading.feed.nearest')}</option>
            </Select>
            <Field
              label={t('trading.feed.delay')}
              type="number"
              min={0}
              max={30}
              value={delay ?? String(current.betDelaySeconds)}
              onValue={setDelay}
            />
            <SettingFields
              fields={[
                [
                  'cancelWindowMinutes',
                  t('trading.feed.reach'),
                  current.cancelWindowMinutes,
                  [1, 10_080],
                  help,
                ],
                ['postponeVoidHours', t('trading.feed.voidAfter'), current.postponeVoidHours, [1, 720], help],
                ['cashoutMarginBp', t('trading.feed.cashoutMargin'), current.cashoutMarginBp, [0, 5_000]],
                [
                  'cashoutOfferSeconds',
                  t('trading.feed.cashoutSeconds'),
                  current.cashoutOfferSeconds,
                  [3, 60],
                ],
              ]}
            />
            <Select label={t('trading.feed.oddsFormat')} name="oddsFormat" defaultValue={current.oddsFormat}>
              {ODDS_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`trading.feed.odds.${f}`)}
                </option>
              ))}
            </Select>
            <Select
              label={t('trading.feed.reducedMultiple')}
              name="reducedMultiple"
              defaultValue={current.reducedMultiple}
              aria-describedby={help}
            >
              <option value="single">{t('trading.feed.reducedSingle')}</option>
              <option value="void">{t('trading.feed.reducedVoid')}</option>
            </Select>
            <label className={ui.field}>
              <span>
                <input type="checkbox" name="confirm" defaultChecked={current.confirmResults} />{' '}
                {t('trading.feed.secondOperator')}
              </span>
            </label>
            <Button type="submit" className={ui.small} disabled={save.isPending}>
              {t('trading.feed.saveRules')}
            </Button>
          </form>
        )}
        {current && (
          <ul id={help} className={styles.help}>
            <li>
              <strong>{t('trading.feed.reachTitle')}</strong> {t('trading.feed.reachHelp')}
            </li>
            <li>
              <strong>{t('trading.feed.voidTitle')}</strong> {t('trading.feed.voidHelp')}
            </li>
            <li>
              <strong>{t('trading.feed.reducedTitle')}</strong> {t('trading.feed.reducedHelp')}
            </li>
          </ul>
        )}
        <Outcome error={save.error ?? settings.error} done={save.isSuccess && t('common.saved')} />
      </Panel>
      <Panel title={t('trading.feed.feeds')}>
        <Table
          label={t('trading.feed.sources')}
          rows={sources.data?.sources}
          columns={[
            { head: t('trading.feed.source'), cell: (s) => <span translate="no">{s.source}</span> },
            { head: t('trading.feed.records'), numeric: true, cell: (s) => s.records },
            { head: t('trading.feed.lastApplied'), cell: (s) => <When value={s.lastAppliedAt} /> },
          ]}
          rowKey={(s) => s.source}
          empty={t('trading.feed.noFeed')}
        />
        <form
          className={ui.form}
          aria-label={t('trading.feed.importFeed')}
          onSubmit={(e) => {
            e.preventDefault();
            upload.mutate({ body: { lines } });
          }}
        >
          <TextArea label={t('trading.feed.jsonLines')} rows={6} value={lines} onValue={setLines} />
          <div className={ui.row}>
            <Button type="submit" className={ui.small} disabled={upload.isPending || !lines.trim()}>
              {t('trading.feed.import')}
            </Button>
          </div>
        </form>
        <Outcome
          error={upload.error}
          done={
            upload.data &&
            t('trading.feed.imported', {
              applied: upload.data.applied,
              skipped: upload.data.skipped,
              errors: upload.data.errors
                .slice(0, 5)
                .map((er) => `; ${t('trading.feed.line', { line: er.line })}: ${er.message}`)
                .join(''),
            })
          }
        />
      </Panel>
    </>
  );
}
