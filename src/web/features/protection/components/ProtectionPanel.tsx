import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProtectionViewReply } from '../../../../shared/contract/protection-routes.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { BREAK_DAYS, EXCLUSION_MONTHS } from '../../../../shared/vocabulary.ts';
import { Button } from '../../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../../api/client.ts';
import { useDialog } from '../../../components/ui/DialogProvider.tsx';
import { SESSION_KEY } from '../../session/queries.ts';
import { useCurrency } from '../../site/site.ts';
import { siteZone } from '../../site/site-zone.ts';
import support from '../../support/support.module.css';
import { messageParams } from '../messageParams.ts';
import { useProtection } from '../queries.ts';
import styles from './protection.module.css';

type Choice = { kind: 'break'; days: number } | { kind: 'exclusion'; months?: number; permanent?: true };

function parseChoice(value: string): Choice {
  const [kind, n] = value.split(':');
  if (kind === 'break') return { kind, days: Number(n) };
  return n === 'permanent'
    ? { kind: 'exclusion', permanent: true }
    : { kind: 'exclusion', months: Number(n) };
}

/** When the chosen period would end if it started now (the server fixes the real end). */
function endOf(choice: Choice, now = new Date()): Date | null {
  if (choice.kind === 'break') return new Date(now.getTime() + choice.days * 86_400_000);
  if (choice.permanent) return null;
  const end = new Date(now);
  end.setMonth(end.getMonth() + (choice.months ?? 0));
  return end;
}

/** Where the member's break or self-exclusion stands, in the words of the refusals. */
function stateText(t: TFunction<readonly ['user', 'common']>, p: ProtectionViewReply) {
  if (p.state === 'cooling') return t('common:msg.msg3105', { until: formatDateTime(p.liftsAt, siteZone()) });
  if (p.state === 'ended') return t('common:msg.msg3104', { until: formatDateTime(p.endsAt, siteZone()) });
  if (p.endsAt === null) return t('common:msg.msg3103');
  const key = p.kind === 'break' ? 'msg3101' : 'msg3102';
  return t(`common:msg.${key}`, { until: formatDateTime(p.endsAt, siteZone()) });
}

/** My page: take a break or exclude yourself, see the state, ask to lift it once it has ended. */
export function ProtectionPanel() {
  const { t } = useTranslation(['user', 'common']);
  const currency = useCurrency();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const protection = useProtection();
  const [choice, setChoice] = useState('break:1');
  const [busy, setBusy] = useState(false);
  const p = protection.data;

  async function run(action: () => Promise<{ msg?: string | undefined; protection: ProtectionViewReply }>) {
    setBusy(true);
    try {
      const reply = await action();
      queryClient.setQueryData(['protection'], reply.protection);
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      if (reply.msg) await dialog.alert(t(`common:msg.${reply.msg}`), 'success');
    } catch (error) {
      const key = error instanceof ApiFailure ? error.msg : 'msg2012';
      await dialog.alert(t(`common:msg.${key}`, messageParams(error, currency)), 'warning');
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const chosen = parseChoice(choice);
    const end = endOf(chosen);
    const text = end
      ? t(chosen.kind === 'break' ? 'protection.confirmBreak' : 'protection.confirmExclusion', {
          end: formatDateTime(end, siteZone()),
        })
      : t('protection.confirmPermanent');
    if (!(await dialog.confirm(text))) return;
    await run(() => callRoute('set-protection', { ...chosen, confirm: true }));
  }

  async function askLift() {
    if (!(await dialog.confirm(t('protection.confirmLift')))) return;
    await run(() => callRoute('ask-lift-protection', {}));
  }

  return (
    <section className={support.card} aria-labelledby="protection-title" data-testid="protection">
      <h2 id="protection-title">{t('protection.title')}</h2>
      {p && p.state !== 'none' ? (
        <>
          <p className={styles.state} data-testid="protection-state">
            {stateText(t, p)}
          </p>
          {p.state === 'ended' && (
            <Button onClick={askLift} disabled={busy}>
              {t('protection.askLift')}
            </Button>
          )}
        </>
      ) : (
        <>
          <p className={styles.login}>{t('protection.intro')}</p>
          <div className={styles.row}>
            <label className={support.field}>
              {t('protection.length')}
              <select className={styles.select} value={choice} onChange={(e) => setChoice(e.target.value)}>
                <optgroup label={t('protection.break')}>
                  {BREAK_DAYS.map((days) => (
                    <option key={days} value={`break:${days}`}>
                      {days === 1 ? t('protection.hours24') : t('protection.days', { count: days })}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t('protection.exclusion')}>
                  {EXCLUSION_MONTHS.map((months) => (
                    <option key={months} value={`exclusion:${months}`}>
                      {t('protection.months', { count: months })}
                    </option>
                  ))}
                  <option value="exclusion:permanent">{t('protection.permanent')}</option>
                </optgroup>
              </select>
            </label>
            <Button onClick={start} disabled={busy || !p}>
              {t('protection.start')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
