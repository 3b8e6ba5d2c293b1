import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import type { DeskLimit } from '../../api/types.ts';
import { Field, Outcome, Select } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { currentLocale } from '../../i18n/index.ts';
import { useChosenSite } from '../session/site-zone.ts';
import { useDeskLimits, useRemoveLimit, useSaveLimit } from './queries.ts';

const SCOPES = ['platform', 'sport', 'competition', 'event', 'market', 'player'] as const;
type Scope = (typeof SCOPES)[number];
const AMOUNTS = ['minStake', 'maxStake', 'maxPayout', 'maxLiability'] as const;
type AmountKey = (typeof AMOUNTS)[number];

interface Draft {
  scope: Scope;
  scopeId: string;
  amounts: Record<AmountKey, string>;
  factorPercent: string;
}

const blank = (): Draft => ({
  scope: 'platform',
  scopeId: '',
  amounts: { minStake: '', maxStake: '', maxPayout: '', maxLiability: '' },
  factorPercent: '',
});

/** A row as the form edits it: amounts in major units of the currency (what a trader thinks in). */
const draftOf = (row: DeskLimit, currency: string): Draft => ({
  scope: row.scope,
  scopeId: row.scopeId,
  amounts: Object.fromEntries(
    AMOUNTS.map((k) => [k, row[k] === null ? '' : minorToDecimal(row[k], currency)]),
  ) as Record<AmountKey, string>,
  factorPercent: row.stakeFactorBp === null ? '' : String(row.stakeFactorBp / 100),
});

/**
 * The book's limits, one currency at a time: a limit is in minor units of its currency and meets only
 * the bets of members whose site is in it (100 satang are a baht, a won is a won). The platform has a
 * row for every site currency; sports, competitions, events, markets and members may have their own.
 */
export function LimitsPanel() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const all = useDeskLimits(undefined);
  // The currency of the site whose times the operator reads (their chosen site), else the first.
  const preferred = useChosenSite().site?.currency;
  const currencies = all.data?.currencies ?? [];
  const currency = chosen ?? (preferred && currencies.includes(preferred) ? preferred : currencies[0]);
  const limits = useDeskLimits(currency);
  const save = useSaveLimit();
  const remove = useRemoveLimit();
  const [draft, setDraft, bind] = useTextFields<Draft>(blank);
  const [done, setDone] = useState<string>();
  const [bad, setBad] = useState<string>();
  if (!currency) return <Outcome error={all.error} />;
  const money = (minor: number | null) =>
    minor === null ? t('trading.limits.none') : formatMoney(minor, currency, currentLocale());
  const scopeText = (row: DeskLimit) =>
    row.scope === 'platform'
      ? t('trading.limits.scopes.platform')
      : `${t(`trading.limits.scopes.${row.scope}`)} #${row.scopeId}`;
  const columns: Column<DeskLimit>[] = [
    { head: t('trading.limits.scope'), cell: scopeText },
    ...AMOUNTS.map((k) => ({
      head: t(`trading.limits.${k}`),
      numeric: true,
      cell: (row: DeskLimit) => money(row[k]),
    })),
    {
      head: t('trading.limits.stakeFactor'),
      numeric: true,
      cell: (row) => (row.stakeFactorBp === null ? '' : `${row.stakeFactorBp / 100}%`),
    },
    {
      head: '',
      cell: (row) => (
        <span className={ui.row}>
          <Button
            variant="ghost"
            className={ui.small}
            onClick={() => {
              setDraft(draftOf(row, currency));
              setDone(undefined);
            }}
          >
            {t('common.edit')}
          </Button>
          {row.scope !== 'platform' && (
            <Button
              variant="ghost"
              className={ui.small}
              onClick={() =>
                remove.mutate(
                  { body: { scope: row.scope, scopeId: row.scopeId, currency } },
                  { onSuccess: () => setDone(t('trading.limits.removed')) },
                )
              }
            >
              {t('common.delete')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const submit = () => {
    const amounts: Partial<Record<AmountKey, number | null>> = {};
    for (const k of AMOUNTS) {
      const text = draft.amounts[k].trim();
      const minor = text === '' ? null : parseMajor(text, currency);
      if (text !== '' && minor === null) return setBad(t('trading.limits.badAmount', { currency }));
      amounts[k] = minor;
    }
    const factor = draft.factorPercent.trim();
    setBad(undefined);
    save.mutate(
      {
        body: {
          scope: draft.scope,
          scopeId: draft.scope === 'platform' ? '' : draft.scopeId.trim(),
          currency,
          ...amounts,
          stakeFactorBp: draft.scope === 'player' && factor !== '' ? Math.round(Number(factor) * 100) : null,
        },
      },
      { onSuccess: () => setDone(t('trading.limits.saved')) },
    );
  };

  return (
    <>
      <Panel title={t('trading.limits.title', { currency })}>
        <div className={ui.row}>
          <Select
            label={t('trading.limits.currency')}
            value={currency}
            onChange={(e) => {
              setChosen(e.target.value);
              setDraft(blank());
              setDone(undefined);
            }}
          >
            {all.data?.currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        <p className={ui.muted}>{t('trading.limits.hint', { currency })}</p>
        <Table
          rows={limits.data?.limits}
          columns={columns}
          rowKey={(row) => `${row.scope}:${row.scopeId}`}
          empty={t('trading.limits.empty')}
          label={t('trading.limits.title', { currency })}
        />
      </Panel>
      <Panel title={t('trading.limits.formTitle', { currency })}>
        <form
          className={ui.row}
          aria-label={t('trading.limits.formTitle', { currency })}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Select
            label={t('trading.limits.scope')}
            value={draft.scope}
            onChange={(e) => setDraft({ ...draft, scope: e.target.value as Scope })}
          >
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`trading.limits.scopes.${s}`)}
              </option>
            ))}
          </Select>
          {draft.scope !== 'platform' && (
            <Field
              label={t('trading.limits.scopeId')}
              required
              inputMode="numeric"
              pattern="\d{1,18}"
              {...bind('scopeId')}
            />
          )}
          {AMOUNTS.map((k) => (
            <Field
              key={k}
              label={`${t(`trading.limits.${k}`)} (${currency})`}
              inputMode="decimal"
              value={draft.amounts[k]}
              onChange={(e) => setDraft({ ...draft, amounts: { ...draft.amounts, [k]: e.target.value } })}
            />
          ))}
          {draft.scope === 'player' && (
            <Field
              label={t('trading.limits.stakeFactor')}
              type="number"
              min={0}
              max={10_000}
              {...bind('factorPercent')}
            />
          )}
          <Button type="submit" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </form>
        {bad && <p role="alert">{bad}</p>}
        <Outcome error={save.error ?? remove.error} done={done} />
      </Panel>
    </>
  );
}
