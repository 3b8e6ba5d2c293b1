import { useState } from 'react';
import { ODDS_FORMATS } from '../../../shared/sports/odds-format.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field, Outcome, Select, TextArea } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useBookSettings, useFeedSources, useImportFeed, useSaveBookSettings } from './queries.ts';
import styles from './trading.module.css';

/** The book's house rules, the feeds' status, and a JSON-lines upload (the README's feed format). */
export function FeedPanel() {
  const sources = useFeedSources();
  const upload = useImportFeed();
  const settings = useBookSettings();
  const save = useSaveBookSettings();
  const [lines, setLines] = useState('');
  const current = settings.data?.settings;
  const [delay, setDelay] = useState<string>();
  return (
    <>
      <Panel title="House rules">
        {current && (
          <form
            // Fresh defaults when the stored rules change (another desk, a script).
            key={JSON.stringify(current)}
            className={ui.row}
            aria-label="House rules"
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
                },
              });
            }}
          >
            <Select label="Rounding" name="rounding" defaultValue={current.rounding}>
              <option value="down">down</option>
              <option value="nearest">nearest</option>
            </Select>
            <Field
              label="Live bet delay (s)"
              type="number"
              min={0}
              max={30}
              value={delay ?? String(current.betDelaySeconds)}
              onChange={(e) => setDelay(e.target.value)}
            />
            <Field
              label="Cancel window reach (min)"
              name="cancelWindowMinutes"
              type="number"
              min={1}
              max={10_080}
              required
              aria-describedby="house-rules-help"
              defaultValue={current.cancelWindowMinutes}
            />
            <Field
              label="Postponed: void after (h)"
              name="postponeVoidHours"
              type="number"
              min={1}
              max={720}
              required
              aria-describedby="house-rules-help"
              defaultValue={current.postponeVoidHours}
            />
            <Field
              label="Cash-out margin (basis points)"
              name="cashoutMarginBp"
              type="number"
              min={0}
              max={5_000}
              required
              defaultValue={current.cashoutMarginBp}
            />
            <Field
              label="Cash-out offer valid (s)"
              name="cashoutOfferSeconds"
              type="number"
              min={3}
              max={60}
              required
              defaultValue={current.cashoutOfferSeconds}
            />
            <Select label="Default odds format" name="oddsFormat" defaultValue={current.oddsFormat}>
              {ODDS_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </Select>
            <label className={ui.field}>
              <span>
                <input type="checkbox" name="confirm" defaultChecked={current.confirmResults} /> Results need
                a second operator
              </span>
            </label>
            <Button type="submit" className={ui.small} disabled={save.isPending}>
              Save rules
            </Button>
          </form>
        )}
        {current && (
          <ul id="house-rules-help" className={styles.help}>
            <li>
              <strong>Cancel window reach:</strong> how far back a cancel window may reach (at most 10,080
              minutes, a week); a window starting earlier is refused.
            </li>
            <li>
              <strong>Postponed: void after:</strong> a postponed event not played within this many hours of
              its start is cancelled, and its undecided markets are voided (at most 720 hours).
            </li>
          </ul>
        )}
        <Outcome error={save.error ?? settings.error} done={save.isSuccess && 'Saved.'} />
      </Panel>
      <Panel title="Feeds">
        <Table
          label="Feed sources"
          rows={sources.data?.sources}
          columns={[
            { head: 'Source', cell: (s) => s.source },
            { head: 'Records', numeric: true, cell: (s) => s.records },
            { head: 'Last applied', cell: (s) => <When value={s.lastAppliedAt} /> },
          ]}
          rowKey={(s) => s.source}
          empty="No feed has sent anything yet (the demo feed and the desk write directly)."
        />
        <form
          className={ui.form}
          aria-label="Import feed"
          onSubmit={(e) => {
            e.preventDefault();
            upload.mutate({ body: { lines } });
          }}
        >
          <TextArea
            label="JSON lines (fixture, market, price, suspend, result, cancel)"
            rows={6}
            value={lines}
            onChange={(e) => setLines(e.target.value)}
          />
          <div className={ui.row}>
            <Button type="submit" className={ui.small} disabled={upload.isPending || !lines.trim()}>
              Import
            </Button>
          </div>
        </form>
        <Outcome
          error={upload.error}
          done={
            upload.data &&
            `Applied ${upload.data.applied}, skipped ${upload.data.skipped} (repeats or older)${upload.data.errors
              .slice(0, 5)
              .map((er) => `; line ${er.line}: ${er.message}`)
              .join('')}.`
          }
        />
      </Panel>
    </>
  );
}
