import { type FormEvent, useState } from 'react';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { Button } from '../../../ui/Button.tsx';
import type { PaymentOption, SiteView } from '../../api/types.ts';
import { Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { usePaymentOptions, useSettingsChange } from './queries.ts';
import styles from './settings.module.css';

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

const draftOf = (o?: PaymentOption, provider = ''): Draft => ({
  direction: (o?.direction as Draft['direction']) ?? 'deposit',
  kind: (o?.kind as Draft['kind']) ?? 'bank',
  provider: o?.provider ?? provider,
  name: o?.name ?? '',
  minAmount: String(o?.minAmount ?? 10_000),
  maxAmount: String(o?.maxAmount ?? 10_000_000),
  sortOrder: String(o?.sortOrder ?? 0),
  enabled: o?.enabled ?? true,
});

/** One option as an editable row; a new one also picks its direction. */
function OptionRow({
  siteId,
  option,
  providers,
}: {
  siteId: number;
  option?: PaymentOption;
  providers: string[];
}) {
  const create = useSettingsChange(api.paymentOptions.create);
  const update = useSettingsChange(api.paymentOptions.update);
  const [draft, setDraft] = useState(() => draftOf(option, providers[0]));
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  // Deposit and withdrawal options often share a name: labels carry the direction and id.
  const label = option ? `${option.direction} option #${option.id}` : 'new option';
  const formId = `payment-option-${option?.id ?? 'new'}`;
  const dirty = !option || JSON.stringify(draft) !== JSON.stringify(draftOf(option));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      kind: draft.kind,
      provider: draft.provider,
      name: draft.name,
      minAmount: Number(draft.minAmount),
      maxAmount: Number(draft.maxAmount),
      sortOrder: Number(draft.sortOrder),
      enabled: draft.enabled,
    };
    if (option) {
      // Only what changed: an option whose provider was uninstalled can still be renamed or disabled.
      const stored = draftOf(option);
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([key]) => draft[key as keyof Draft] !== stored[key as keyof Draft]),
      );
      update.mutate({ params: { id: option.id }, body: changed });
    } else {
      create.mutate(
        { body: { ...fields, siteId, direction: draft.direction } },
        { onSuccess: () => setDraft(draftOf(undefined, providers[0])) },
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
          {c}
        </option>
      ))}
    </select>
  );
  const input = (key: keyof Draft, props: object) => (
    <input
      className={`${ui.input} ${styles.cellInput}`}
      form={formId}
      required
      aria-label={`${label} ${key}`}
      value={String(draft[key])}
      onChange={set(key)}
      {...props}
    />
  );
  return (
    <tr>
      <td>
        {option ? option.direction : choose('direction', 'new option direction', ['deposit', 'withdraw'])}
      </td>
      <td>{choose('kind', `${label} kind`, ['bank', 'card', 'coin'])}</td>
      <td>{choose('provider', `${label} provider`, providers)}</td>
      <td>
        <input
          className={`${ui.input} ${styles.nameInput}`}
          form={formId}
          aria-label={`${label} name`}
          required
          maxLength={100}
          value={draft.name}
          onChange={set('name')}
        />
      </td>
      <td>{input('minAmount', { type: 'number', min: 1 })}</td>
      <td>{input('maxAmount', { type: 'number', min: 1, style: { width: 120 } })}</td>
      <td>{input('sortOrder', { type: 'number', style: { width: 64 } })}</td>
      <td>
        <input
          type="checkbox"
          form={formId}
          aria-label={`${label} enabled`}
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
        />
      </td>
      <td>
        <form id={formId} onSubmit={submit} className={ui.row}>
          <Button
            type="submit"
            variant={option ? 'ghost' : 'primary'}
            className={ui.small}
            disabled={create.isPending || update.isPending || !dirty || !draft.name.trim()}
          >
            {option ? 'Save' : 'Add'}
          </Button>
        </form>
        <Outcome
          error={create.error ?? update.error}
          done={(create.isSuccess || update.isSuccess) && 'Saved.'}
        />
      </td>
    </tr>
  );
}

/** The deposit and withdrawal methods members can pick on this site; disabled ones stay for history. */
export function PaymentOptionsPanel({ site }: { site: SiteView }) {
  const list = usePaymentOptions(site.id);
  const providers = list.data?.providers ?? [];
  return (
    <Panel title="Payment options">
      <Outcome error={list.error} />
      {list.data && (
        <div className={ui.tableWrap}>
          <table className={ui.table} aria-label="Payment options">
            <thead>
              <tr>
                {['Direction', 'Kind', 'Provider', 'Name', 'Minimum', 'Maximum', 'Order', 'On', ''].map(
                  (h) => (
                    <th key={h}>{h}</th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {list.data.options.map((o) => (
                <OptionRow key={o.id} siteId={site.id} option={o} providers={providers} />
              ))}
              <OptionRow key="new" siteId={site.id} providers={providers} />
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
