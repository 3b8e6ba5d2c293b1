import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_WINDOWS,
  type ActivityTotals,
  type ActivityWindow,
} from '../../../../shared/contract/protection-routes.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { dayIn } from '../../../../shared/zoned-time.ts';
import { Button } from '../../../../ui/Button.tsx';
import { DateRange } from '../../../components/ui/DateRange.tsx';
import { useDialog } from '../../../components/ui/DialogProvider.tsx';
import { Money } from '../../../components/ui/Money.tsx';
import { useSiteZone } from '../../site/site.ts';
import { siteZone } from '../../site/site-zone.ts';
import support from '../../support/support.module.css';
import { downloadStatement, useActivity } from '../queries.ts';
import styles from './protection.module.css';

const FIGURES: (keyof ActivityTotals)[] = [
  'deposits',
  'depositReversals',
  'netDeposits',
  'withdrawals',
  'stakes',
  'wins',
  'net',
];
/** Shown only for a period with a deposit its provider took back (a chargeback): else they repeat deposits. */
const REVERSAL_FIGURES = new Set<keyof ActivityTotals>(['depositReversals', 'netDeposits']);

/** YYYY-MM-DD of `date` in the site's time zone: the statement's days are the site's days. */
const isoDay = (date: Date, timeZone: string | undefined) => dayIn(date, timeZone ?? siteZone() ?? 'UTC');

/** My page: the last log-in, money in and out for a chosen period, and the statement as a CSV file. */
export function ActivityPanel() {
  const { t } = useTranslation(['user', 'common']);
  const activity = useActivity();
  const zone = useSiteZone();
  const data = activity.data;
  const last = data?.lastLogin ?? data?.currentLogin;
  const [window, setWindow] = useState<ActivityWindow>('today');
  return (
    <section className={support.card} aria-labelledby="activity-title" data-testid="activity">
      <h2 id="activity-title">{t('activity.title')}</h2>
      {last && (
        <p className={styles.login} data-testid="last-login">
          {t('activity.lastLogin', { at: formatDateTime(last.at, zone), ip: last.ip ?? '-' })}
        </p>
      )}
      <fieldset className={styles.windows} aria-label={t('activity.period')}>
        {ACTIVITY_WINDOWS.map((w) => (
          <button key={w} type="button" aria-pressed={w === window} onClick={() => setWindow(w)}>
            {t(`activity.window.${w}`)}
          </button>
        ))}
      </fieldset>
      <table className={styles.totals}>
        <tbody>
          {FIGURES.filter(
            (figure) => !REVERSAL_FIGURES.has(figure) || (data?.totals[window].depositReversals ?? 0) !== 0,
          ).map((figure) => {
            const value = data?.totals[window][figure] ?? 0;
            const tone = figure === 'net' && value !== 0 ? (value < 0 ? styles.loss : styles.gain) : '';
            return (
              <tr key={figure}>
                <th scope="row">{t(`activity.figure.${figure}`)}</th>
                <td className={tone} data-testid={`${figure}-${window}`}>
                  {value < 0 ? '−' : ''}
                  <Money value={Math.abs(value)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* Keyed by the zone: its default days are computed once the site's zone is known. */}
      <StatementDownload key={data?.timezone ?? ''} timeZone={data?.timezone} />
    </section>
  );
}

function StatementDownload({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useTranslation(['user', 'common']);
  const dialog = useDialog();
  const [to, setTo] = useState(() => isoDay(new Date(), timeZone));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * 86_400_000), timeZone));
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await downloadStatement(from, to);
    } catch (error) {
      await dialog.alert(t(`common:msg.${error instanceof Error ? error.message : 'msg2012'}`), 'warning');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.row} onSubmit={submit}>
      <DateRange
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
        fromLabel={t('activity.from')}
        toLabel={t('activity.to')}
        placeholder={t('common:datePlaceholder')}
        pickLabel={t('common:pickDate')}
        className={support.field}
        required
      />
      <Button type="submit" disabled={busy}>
        {t('activity.download')}
      </Button>
    </form>
  );
}
