import { useEffect, useState } from 'react';
import type { Bet } from '../../shared/contract/sports-api.ts';
import { formatOdds, type OddsFormat } from '../../shared/sports/odds-format.ts';
import { PRICE_CHANGE_CHOICES, type PriceChangeChoice } from '../../shared/sports/refusals.ts';
import { slipFigures } from '../../shared/sports/slip.ts';
import { TabStrip } from '../../ui/TabStrip.tsx';
import { amountInputMode, amountMinor, amountText, cleanAmountText } from '../components/ui/amount-input.ts';
import { SportsError, sportsCall } from './api.ts';
import { money, playerCurrency, useSportsT, when } from './i18n.ts';
import { type Outcome, placeOne } from './placeBets.ts';
import { rememberPriceChange, storedPriceChange } from './prefs.ts';
import { Receipt } from './Receipt.tsx';
import { freshShellRules } from './shell.ts';
import quick from './slip-extras.module.css';
import { frac, moved, SLIP_TABS, type SlipLeg, type SlipTab, sameEvent, systemChoices } from './slipModel.ts';
import styles from './sports.module.css';

/** The book's Max answered for one state of the slip (`key`): per selection, and per line of the bet. */
interface MaxStakes {
  key: string;
  singles: Map<number, number | null>;
  combined: number | null;
}

/** Quick stakes added to the stake per line with one tap. */
const QUICK_STAKES = [100, 500, 1_000, 5_000];

interface Props {
  legs: SlipLeg[];
  onLegs(update: (legs: SlipLeg[]) => SlipLeg[]): void;
  token: string | undefined;
  balance: number | undefined;
  onBalance(balance: number): void;
  format: OddsFormat;
  siteRounding: 'down' | 'nearest';
}

/**
 * The bet slip: singles, a multiple or a system bet over the picked selections, a stake per line, the
 * lines, total stake and potential return computed by the settlement the server runs (slipFigures),
 * the balance, the price-change choice (remembered), prices that moved since they were picked, a
 * refusal with its reason, and a receipt for each accepted bet.
 */
export function BetSlip(props: Props) {
  const t = useSportsT();
  const { legs } = props;
  const [tab, setTab] = useState<SlipTab>('single');
  const [stakeText, setStakeText] = useState('');
  const [systemKey, setSystemKey] = useState('');
  const [priceChange, setPriceChange] = useState<PriceChangeChoice>(storedPriceChange);
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<Extract<Outcome, { ok: false }>[]>([]);
  const [receipts, setReceipts] = useState<Bet[]>([]);

  // The platform's maximum stake (the house rules): the max button never offers more, nor more than the balance.
  const [maxStake, setMaxStake] = useState<number | null>(() => freshShellRules()?.maxStake ?? null);
  useEffect(() => {
    if (freshShellRules()) return;
    const currency = playerCurrency();
    sportsCall('rules', currency ? { currency } : {})
      .then((r) => setMaxStake(r.rules.maxStake))
      .catch(() => undefined);
  }, []);

  const systems = systemChoices(legs.length);
  const system = systems.find((s) => s.key === systemKey) ?? systems[0];
  const effectiveTab: SlipTab = legs.length < 2 ? 'single' : tab;

  // The book's Max for this member now (its limits and liability): each selection's as a single, and per
  // line of the multiple or system bet; asked again when the slip or its bet type changes, or a bet was taken.
  const [limitMax, setLimitMax] = useState<MaxStakes>();
  const maxKey = `${legs.map((l) => l.selectionId).join(',')}|${effectiveTab}|${system?.key ?? ''}|${receipts.length}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: maxKey names everything the answer depends on
  useEffect(() => {
    if (!props.token || legs.length === 0) return setLimitMax(undefined);
    const selectionIds = legs.map((l) => l.selectionId);
    const kind =
      effectiveTab === 'single'
        ? {}
        : effectiveTab === 'multiple'
          ? { kind: 'multiple' as const }
          : system?.name
            ? { kind: 'system' as const, systemName: system.name }
            : { kind: 'system' as const, sizes: system?.sizes };
    sportsCall('maxStake', { token: props.token, selectionIds, ...kind })
      .then((r) =>
        setLimitMax({
          key: maxKey,
          singles: new Map(r.singles.map((x) => [x.selectionId, x.max])),
          combined: r.combined ?? null,
        }),
      )
      .catch(() => setLimitMax(undefined));
  }, [maxKey, props.token]);
  const legMax = (id: number) => (limitMax?.key === maxKey ? (limitMax.singles.get(id) ?? null) : null);
  /** The most per line the book takes for the slip as it is now (null: no limit known). */
  const bookMax = (() => {
    if (limitMax?.key !== maxKey) return null;
    if (effectiveTab !== 'single') return limitMax.combined;
    const each = legs.map((l) => legMax(l.selectionId)).filter((m): m is number => m !== null);
    return each.length ? Math.min(...each) : null;
  })();
  // Typed in major units of the player's currency (amountInput.ts).
  const currency = playerCurrency();
  const unitStake = amountMinor(stakeText, currency);
  const slipLegs = (ls: SlipLeg[]) => ls.map((l) => ({ price: frac(l.accepted), rounding: l.rounding }));
  const figures = (() => {
    if (legs.length === 0) return undefined;
    const base = { unitStake: BigInt(unitStake), siteRounding: props.siteRounding };
    if (effectiveTab === 'single') {
      const each = legs.map((l) => slipFigures({ ...base, kind: 'single', legs: slipLegs([l]) })!);
      return {
        lines: each.length,
        totalStake: each.reduce((s, f) => s + f.totalStake, 0n),
        potentialReturn: each.reduce((s, f) => s + f.potentialReturn, 0n),
      };
    }
    if (effectiveTab === 'multiple') return slipFigures({ ...base, kind: 'multiple', legs: slipLegs(legs) });
    return system
      ? slipFigures({
          ...base,
          kind: 'system',
          ...(system.name ? { systemName: system.name } : { sizes: system.sizes! }),
          legs: slipLegs(legs),
        })
      : undefined;
  })();
  const anyMoved = legs.some((l) => moved(l) !== 0);
  const lines = Number(figures?.lines ?? 0) || 1;
  const maxPerLine = Math.min(
    bookMax ?? Number.POSITIVE_INFINITY,
    Math.floor(
      Math.min(maxStake ?? Number.POSITIVE_INFINITY, props.balance ?? Number.POSITIVE_INFINITY) / lines,
    ),
  );
  const overMax = bookMax !== null && unitStake > bookMax;
  const blocked =
    legs.length === 0 ||
    unitStake <= 0 ||
    !props.token ||
    legs.some((l) => !l.open) ||
    overMax ||
    (effectiveTab !== 'single' && sameEvent(legs)) ||
    figures === undefined;

  async function place() {
    if (blocked || !props.token) return;
    setBusy(true);
    setRefusals([]);
    setReceipts([]);
    const bets =
      effectiveTab === 'single'
        ? legs.map((l) => ({ kind: 'single' as const, legs: [l] }))
        : [{ kind: effectiveTab, legs, system: effectiveTab === 'system' ? system : undefined }];
    const outcomes: Outcome[] = [];
    for (const b of bets) {
      outcomes.push(
        await placeOne(props.token, { ...b, unitStake, priceChange }).catch(
          (error: unknown): Outcome => ({
            ok: false,
            // An ended book session says so; anything else the slip could not place is an invalid bet.
            refusal:
              error instanceof SportsError && error.status === 'session_expired'
                ? 'session_expired'
                : 'invalid_bet',
            legs: b.legs.map((l) => l.selectionId),
          }),
        ),
      );
    }
    const accepted = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
    const placedIds = new Set(accepted.flatMap((o) => o.bet.legs.map((l) => l.selectionId)));
    setReceipts(accepted.map((o) => o.bet));
    setRefusals(outcomes.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok));
    const balance = accepted
      .map((o) => o.balance)
      .filter((b) => b !== undefined)
      .at(-1);
    if (balance !== undefined) props.onBalance(balance);
    props.onLegs((current) => current.filter((l) => !placedIds.has(l.selectionId)));
    setBusy(false);
  }

  const choosePriceChange = (choice: PriceChangeChoice) => {
    setPriceChange(choice);
    rememberPriceChange(choice);
  };

  return (
    <aside className={styles.slip} aria-label={t('slip.title')} data-testid="slip">
      <header className={styles.slipHead}>
        <strong>
          {t('slip.title')} ({legs.length})
        </strong>
        <span className={styles.slipBalance}>
          {t('balance')}{' '}
          <strong data-testid="slip-balance" data-value={props.balance ?? ''}>
            {props.balance === undefined ? '—' : money(props.balance)}
          </strong>
        </span>
      </header>
      {legs.length === 0 && receipts.length === 0 && <p className={styles.muted}>{t('slip.empty')}</p>}
      {legs.length > 0 && (
        <>
          <TabStrip<SlipTab>
            tabs={SLIP_TABS}
            selected={effectiveTab}
            onSelect={setTab}
            label={(name) => t(`tab.${name}`)}
            disabled={(name) => name !== 'single' && legs.length < 2}
            className={styles.slipTabs}
            tabClass={(_, chosen) => (chosen ? styles.chipActive : styles.chip)}
          />
          <ul className={styles.slipLegs}>
            {legs.map((l) => {
              const m = moved(l);
              return (
                <li key={l.selectionId} data-testid="slip-leg" data-moved={m}>
                  <div className={styles.slipLegText}>
                    <span translate="no">{l.eventName}</span>
                    <small>
                      {l.marketName} · {l.name}
                    </small>
                    {l.startsAt && (
                      <small>
                        <time dateTime={l.startsAt} data-testid="slip-leg-time">
                          {when(l.startsAt)}
                        </time>
                      </small>
                    )}
                    {!l.open && <small className={styles.warn}>{t('suspended')}</small>}
                    {effectiveTab === 'single' && legMax(l.selectionId) !== null && (
                      <small data-testid="leg-max" data-value={legMax(l.selectionId)}>
                        {t('slip.maxOf', { amount: money(legMax(l.selectionId)!) })}
                      </small>
                    )}
                  </div>
                  <div className={styles.slipLegPrice}>
                    {m !== 0 && (
                      <s className={styles.muted} data-testid="old-price">
                        {formatOdds(frac(l.accepted), props.format)}
                      </s>
                    )}
                    <strong
                      className={m > 0 ? styles.upText : m < 0 ? styles.downText : undefined}
                      data-testid="slip-price"
                    >
                      {formatOdds(frac(m !== 0 ? l.current : l.accepted), props.format)}
                      {m > 0 ? ' ▲' : m < 0 ? ' ▼' : ''}
                    </strong>
                  </div>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('slip.remove')}
                    onClick={() => props.onLegs((ls) => ls.filter((x) => x.selectionId !== l.selectionId))}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          {anyMoved && (
            <div className={styles.moved} role="status" data-testid="price-moved">
              {t('slip.moved')}
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => props.onLegs((ls) => ls.map((l) => ({ ...l, accepted: l.current })))}
              >
                {t('slip.acceptPrices')}
              </button>
            </div>
          )}
          {effectiveTab !== 'single' && sameEvent(legs) && (
            <p className={styles.warn}>{t('refusal.same_event')}</p>
          )}
          {effectiveTab === 'system' && (
            <label className={styles.field}>
              {t('slip.system')}
              <select
                value={system?.key ?? ''}
                onChange={(e) => setSystemKey(e.target.value)}
                data-testid="system"
              >
                {systems.map((s) => (
                  <option key={s.key} value={s.key}>
                    {t(`system.${s.name ?? 'sizes'}`, { sizes: s.key, n: legs.length })} (
                    {t('slip.lines', { count: s.lines })})
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className={styles.field}>
            {t('slip.stakePerLine')}
            <input
              inputMode={amountInputMode(currency)}
              value={stakeText}
              placeholder="0"
              data-testid="stake"
              onChange={(e) => setStakeText(cleanAmountText(e.target.value, currency))}
            />
          </label>
          <div className={quick.quick}>
            {QUICK_STAKES.map((q) => (
              <button
                key={q}
                type="button"
                className={quick.chip}
                onClick={() => setStakeText(amountText(unitStake + q, currency))}
                data-testid="quick-stake"
              >
                +{money(q)}
              </button>
            ))}
            <button
              type="button"
              className={quick.chip}
              disabled={maxPerLine <= 0}
              onClick={() => setStakeText(amountText(maxPerLine, currency))}
              data-testid="max-stake"
            >
              {t('slip.max')}
            </button>
          </div>
          {overMax && (
            <p className={styles.warn} role="alert" data-testid="over-max">
              {t('slip.overMax', { amount: money(bookMax) })}
            </p>
          )}
          <dl className={styles.facts} data-testid="figures">
            <dt>{t('slip.lineCount')}</dt>
            <dd data-testid="lines">{figures?.lines ?? 0}</dd>
            <dt>{t('slip.totalStake')}</dt>
            <dd data-testid="total-stake">{money(figures?.totalStake ?? 0n)}</dd>
            <dt>{t('slip.potentialReturn')}</dt>
            <dd data-testid="potential-return">{money(figures?.potentialReturn ?? 0n)}</dd>
          </dl>
          <fieldset className={styles.choice}>
            <legend>{t('slip.priceChange')}</legend>
            {PRICE_CHANGE_CHOICES.map((c) => (
              <label key={c}>
                <input
                  type="radio"
                  name="price-change"
                  value={c}
                  checked={priceChange === c}
                  onChange={() => choosePriceChange(c)}
                />{' '}
                {t(`priceChange.${c}`)}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className={styles.place}
            disabled={blocked || busy}
            onClick={() => void place()}
            data-testid="place"
          >
            {busy ? t('slip.placing') : t('slip.place', { amount: money(figures?.totalStake ?? 0n) })}
          </button>
        </>
      )}
      {refusals.map((r) => (
        <p
          key={r.legs.join('-')}
          className={styles.refusal}
          role="alert"
          data-testid="refusal"
          data-refusal={r.refusal}
        >
          {t(`refusal.${r.refusal}`)}
        </p>
      ))}
      {receipts.map((bet) => (
        <Receipt key={bet.id} bet={bet} format={props.format} />
      ))}
    </aside>
  );
}
