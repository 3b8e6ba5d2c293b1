import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import type { PaymentOption, SiteView } from '../../api/types.ts';
import { Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { usePaymentOptions, useSettingsChange } from './queries.ts';
import styles from './settings.module.css';

const HEADS = ['direction', 'kind', 'provider', 'name', 'minimum', 'maximum', 'order', 'on', 'save'] as const;

type Draft = {
  direction: 'deposit' | 'withdraw';
  kind: 'bank' | 'card' | 'coin';
  provider: string;
  name: string;
  minAmount: string;
  maxAmount: string;
  sortOrder: string;
  enabled: boolean;
};

/**
 * An option as its row's fields. The limits are typed in major units of the site's currency, as the
 * money rules above them and the cashier show them (100.00 baht), and sent in minor units: they were
 * shown and taken in minor units, so a Thai site's ฿100.00 read 10000 and an operator typing 500 for
 * ฿500 set ฿5.00.
 */
const draftOf = (currency: string, o?: PaymentOption, provider = ''): Draft => ({
  direction: (o?.direction as Draft['direction']) ?? 'deposit',
  kind: (o?.kind as Draft['kind']) ?? 'bank',
  provider: o?.provider ?? provider,
  name: o?.name ?? '',
  minAmount: minorToDecimal(o?.minAmount ?? 10_000, currency),
  maxAmount: minorToDecimal(o?.maxAmount ?? 10_000_000, currency),
  sortOrder: String(o?.sortOrder ?? 0),
  enabled: o?.enabled ?? true,
});

/** One option as an editable row; a new one also picks its direction. */
function OptionRow({
  siteId,
  currency,
  option,
  providers,
}: {
  siteId: number;
  currency: string;
  option?: PaymentOption;
  providers: string[];
}) {
  const { t } = useTranslation();
  const create = useSettingsChange(api.paymentOptions.create);
  const update = useSettingsChange(api.paymentOptions.update);
  const [draft, setDraft] = useState(() => draftOf(currency, option, providers[0]));
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  // Deposit and withdrawal options often share a name: labels carry the direction and id.
  const label = option
    ? t('settings.optionLabel', { direction: option.direction, id: option.id })
    : t('settings.newOption');
  const formId = `payment-option-${option?.id ?? 'new'}`;
  const dirty = !option || JSON.stringify(draft) !== JSON.stringify(draftOf(currency, option));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minAmount = parseMajor(draft.minAmount, currency);
    const maxAmount = parseMajor(draft.maxAmount, currency);
    const wrong = !minAmount ? 'minimum' : !maxAmount || maxAmount < minAmount ? 'maximum' : null;
    setUnreadable(wrong && t('settings.amountProblem', { field: t(`settings.head.${wrong}`), currency }));
    if (wrong || !minAmount || !maxAmount) return;
    const fields = {
      kind: draft.kind,
      provider: draft.provider,
      name: draft.name,
      minAmount,
      maxAmount,
      sortOrder: Number(draft.sortOrder),
      enabled: draft.enabled,
    };
    if (option) {
      // Only what changed: an option whose provider was uninstalled can still be renamed or disabled.
      const stored = draftOf(currency, option);
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([key]) => draft[key as keyof Draft] !== stored[key as keyof Draft]),
      );
      update.mutate({ params: { id: option.id }, body: changed });
    } else {
      create.mutate(
        { body: { ...fields, siteId, direction: draft.direction } },
        { onSuccess: () => setDraft(draftOf(currency, undefined, providers[0])) },
      );
    }
  };
  const choose = (key: 'direction' | 'kind' | 'provider', labelled: string, choices: readonly string[]) => (
    <select
      className={`${ui.input} ${ui.cellSelect}`}
      form={formId}
      aria-label={labelled}
      value={draft[key]}
      onChange={set(key)}
    >
      {choices.map((c) => (
        <option key={c} value={c}>
          {key === 'provider' ? c : t(`settings.choice.${c}`)}
        </option>
      ))}
    </select>
  );
  const input = (key: keyof Draft, props: object) => (
    <input
      className={`${ui.input} ${styles.cellInput}`}
      form={formId}
      required
      aria-label={t(`settings.field.${key}`, { label })}
      value={String(draft[key])}
      onChange={set(key)}
      {...props}
    />
  );
  return (
    <tr>
      <td data-label={t('settings.head.direction')}>
        {option
          ? t(`settings.choice.${option.direction}`)
          : choose('direction', t('settings.newDirection'), ['deposit', 'withdraw'])}
      </td>
      <td data-label={t('settings.head.kind')}>
        {choose('kind', t('settings.field.kind', { label }), ['bank', 'card', 'coin'])}
      </td>
      <td data-label={t('settings.head.provider')} translate="no">
        {choose('provider', t('settings.field.provider', { label }), providers)}
      </td>
      <td data-label={t('settings.head.name')}>
        <input
          className={`${ui.input} ${styles.nameInput}`}
          form={formId}
          aria-label={t('settings.field.name', { label })}
          required
          maxLength={100}
          value={draft.name}
          onChange={set('name')}
        />
      </td>
      <td data-label={`${t('settings.head.minimum')} (${currency})`}>
        {input('minAmount', { inputMode: 'decimal' })}
      </td>
      <td data-label={`${t('settings.head.maximum')} (${currency})`}>
        {input('maxAmount', { inputMode: 'decimal', style: { width: 120 } })}
      </td>
      <td data-label={t('settings.head.order')}>
        {input('sortOrder', { type: 'number', style: { width: 64 } })}
      </td>
      <td data-label={t('settings.head.on')}>
        <input
          type="checkbox"
          form={formId}
          aria-label={t('settings.field.enabled', { label })}
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
        />
      </td>
      <td data-label={t('settings.head.save')}>
        <form id={formId} onSubmit={submit} className={ui.row}>
          <Button
            type="submit"
            variant={option ? 'ghost' : 'primary'}
            className={ui.small}
            disabled={create.isPending || update.isPending || !dirty || !draft.name.trim()}
          >
            {option ? t('common.save') : t('settings.add')}
          </Button>
        </form>
        {unreadable && (
          <p className={ui.error} role="alert">
            {unreadable}
          </p>
        )}
        <Outcome
          error={unreadable ? undefined : (create.error ?? update.error)}
          done={(create.isSuccess || update.isSuccess) && t('common.saved')}
        />
      </td>
    </tr>
  );
}

/** The deposit and withdrawal methods members can pick on this site; disabled ones stay for history. */
export function PaymentOptionsPanel({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const list = usePaymentOptions(site.id);
  const providers = list.data?.providers ?? [];
  return (
    <Panel title={t('settings.paymentOptions')}>
      <Outcome error={list.error} />
      {list.data && (
        <div className={ui.tableWrap}>
          <table className={ui.table} aria-label={t('settings.paymentOptions')}>
            <thead>
              <tr>
                {HEADS.map((h) => (
                  <th key={h}>
                    {t(`settings.head.${h}`)}
                    {(h === 'minimum' || h === 'maximum') && ` (${site.currency})`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.options.map((o) => (
                <OptionRow
                  key={o.id}
                  siteId={site.id}
                  currency={site.currency}
                  option={o}
                  providers={providers}
                />
              ))}
              <OptionRow
                key={`new-${site.currency}`}
                siteId={site.id}
                currency={site.currency}
                providers={providers}
              />
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
