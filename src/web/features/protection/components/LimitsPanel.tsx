import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LimitViewReply } from '../../../../shared/contract/protection-routes.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { REALITY_MINUTES } from '../../../../shared/vocabulary.ts';
import { Button } from '../../../../ui/Button.tsx';
import { ApiFailure, callRoute } from '../../../api/client.ts';
import { amountInputMode, amountMinor, cleanAmountText } from '../../../components/ui/amount-input.ts';
import { useDialog } from '../../../components/ui/DialogProvider.tsx';
import { Money } from '../../../components/ui/Money.tsx';
import { useCurrency, useSiteZone } from '../../site/site.ts';
import support from '../../support/support.module.css';
import { limitParams, messageParams } from '../messageParams.ts';
import { LIMITS_KEY, useLimits } from '../queries.ts';
import styles from './protection.module.css';

/** The limits a member may set, as `kind:period`. */
const CHOICES = [
  'deposit:day',
  'deposit:week',
  'deposit:month',
  'loss:day',
  'loss:week',
  'loss:month',
  'wager:day',
  'wager:week',
  'wager:month',
  'session:session',
] as const;

type Limit = LimitViewReply;
type LimitsReply = Awaited<ReturnType<typeof callRoute<'get-limits'>>> & { msg?: string; from?: string };

/** One limit: its amount, what counts against it and when it resets, and a waiting raise or removal. */
function LimitRow({
  limit,
  onAction,
}: {
  limit: Limit;
  onAction: (action: 'confirm' | 'keep' | 'remove') => void;
}) {
  const { t } = useTranslation('user');
  const currency = useCurrency();
  const zone = useSiteZone();
  const session = limit.kind === 'session';
  return (
    <li className={styles.limit} data-testid="limit-row" data-limit={`${limit.kind}:${limit.period}`}>
      <div className={styles.limitHead}>
        <strong>
          {t(`limits.kind.${limit.kind}`)} · {t(`limits.period.${limit.period}`)}
        </strong>
        <span className={styles.limitAmount}>
          {session ? t('limits.sessionValue', { amount: limit.amount }) : <Money value={limit.amount} />}
        </span>
      </div>
      {!session && limit.used !== null && (
        <p className={styles.login}>
          {t('limits.used', limitParams(limit as unknown as Record<string, unknown>, currency))}
        </p>
      )}
      {limit.pendingFrom && (
        <p className={styles.pending} data-testid="limit-pending">
          {limit.pendingRemove
            ? t('limits.pendingRemove', { from: formatDateTime(limit.pendingFrom, zone) })
            : t('limits.pendingRaise', {
                amount: session
                  ? limit.pendingAmount
                  : limitParams({ amount: limit.pendingAmount }, currency).amount,
                from: formatDateTime(limit.pendingFrom, zone),
              })}
        </p>
      )}
      <div className={styles.limitActions}>
        {limit.pendingFrom ? (
          <>
            <Button onClick={() => onAction('confirm')}>{t('limits.confirm')}</Button>
            <Button onClick={() => onAction('keep')}>{t('limits.keep')}</Button>
          </>
        ) : (
          <Button onClick={() => onAction('remove')}>{t('limits.remove')}</Button>
        )}
      </div>
    </li>
  );
}

/** My page: the member's deposit, loss, wager and session time limits, and the reality check interval. */
export function LimitsPanel() {
  const { t } = useTranslation(['user', 'common']);
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const limits = useLimits();
  const [choice, setChoice] = useState<(typeof CHOICES)[number]>('deposit:day');
  const [amount, setAmount] = useState('');
  const [minutes, setMinutes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const data = limits.data;
  const currency = useCurrency();

  async function run(action: () => Promise<LimitsReply>) {
    setBusy(true);
    try {
      const reply = await action();
      queryClient.setQueryData(LIMITS_KEY, reply);
      if (reply.msg)
        await dialog.alert(t(`common:msg.${reply.msg}`, limitParams(reply, currency)), 'success');
    } catch (error) {
      const key = error instanceof ApiFailure ? error.msg : 'msg2012';
      await dialog.alert(t(`common:msg.${key}`, messageParams(error, currency)), 'warning');
    } finally {
      setBusy(false);
    }
  }

  const [kind, period] = choice.split(':') as [Limit['kind'], Limit['period']];
  const current = data?.limits.find((l) => l.kind === kind && l.period === period);

  async function save() {
    // Minutes for the session limit; otherwise what the member typed in major units (baht, won).
    const value = kind === 'session' ? Number(amount.replace(/[^\d]/g, '')) : amountMinor(amount, currency);
    if (!Number.isSafeInteger(value) || value <= 0) return;
    if (current && value > current.amount && !(await dialog.confirm(t('limits.confirmRaise')))) return;
    await run(() => callRoute('set-limit', { kind, period, amount: value }));
    setAmount('');
  }

  async function act(limit: Limit, action: 'confirm' | 'keep' | 'remove') {
    const target = { kind: limit.kind, period: limit.period };
    if (action === 'confirm') return run(() => callRoute('confirm-limit', target));
    if (action === 'keep') return run(() => callRoute('set-limit', { ...target, amount: limit.amount }));
    if (!(await dialog.confirm(t('limits.confirmRemove')))) return;
    return run(() => callRoute('set-limit', { ...target, amount: null }));
  }

  const interval = minutes ?? data?.realityCheckMinutes ?? 60;
  return (
    <section className={support.card} aria-labelledby="limits-title" data-testid="limits">
      <h2 id="limits-title">{t('limits.title')}</h2>
      <p className={styles.login}>{t('limits.intro')}</p>
      {data && data.limits.length === 0 && <p className={styles.state}>{t('limits.none')}</p>}
      {data && data.limits.length > 0 && (
        <ul className={styles.limits}>
          {data.limits.map((l) => (
            <LimitRow key={`${l.kind}:${l.period}`} limit={l} onAction={(a) => act(l, a)} />
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <label className={support.field}>
          {t('limits.choose')}
          <select
            className={styles.select}
            value={choice}
            onChange={(e) => setChoice(e.target.value as (typeof CHOICES)[number])}
            data-testid="limit-choice"
          >
            {CHOICES.map((c) => {
              const [k, p] = c.split(':');
              return (
                <option key={c} value={c}>
                  {t(`limits.kind.${k}`)} · {t(`limits.period.${p}`)}
                </option>
              );
            })}
          </select>
        </label>
        <label className={support.field}>
          <span>
            {kind === 'session' ? t('limits.minutes') : t('limits.amount')}
            {kind !== 'session' && currency && <span translate="no"> ({currency})</span>}
          </span>
          <input
            className={styles.select}
            inputMode={kind === 'session' ? 'numeric' : amountInputMode(currency)}
            value={amount}
            onChange={(e) =>
              setAmount(kind === 'session' ? e.target.value : cleanAmountText(e.target.value, currency))
            }
            data-testid="limit-amount"
          />
        </label>
        <Button onClick={save} disabled={busy || !data || amount.trim() === ''}>
          {t('limits.save')}
        </Button>
      </div>
      <div className={styles.row}>
        <label className={support.field}>
          {t('limits.reality')}
          <select
            className={styles.select}
            value={interval}
            onChange={(e) => setMinutes(Number(e.target.value))}
            data-testid="reality-minutes"
          >
            {REALITY_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t('limits.realityMinutes', { count: m })}
              </option>
            ))}
          </select>
        </label>
        <Button
          onClick={() => run(() => callRoute('set-reality-check', { minutes: interval }))}
          disabled={busy || !data || interval === data.realityCheckMinutes}
        >
          {t('limits.realitySave')}
        </Button>
      </div>
    </section>
  );
}
