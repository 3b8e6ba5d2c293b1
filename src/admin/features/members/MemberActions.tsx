import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import type { MemberDetail } from '../../api/types.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { adjustmentMinor } from './adjustment-amount.ts';
import { useMemberAction } from './queries.ts';

type Profile = MemberDetail['profile'];

function StatusAndLevel({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const status = useMemberAction(api.members.setStatus, profile.id);
  const level = useMemberAction(api.members.setLevel, profile.id);
  const [newLevel, setNewLevel] = useState(String(profile.level));
  const blocked = profile.status === 'blocked';
  return (
    <div className={ui.form}>
      {profile.status === 'self_excluded' ? (
        <p className={ui.muted}>{t('memberActions.selfExcluded')}</p>
      ) : (
        <div className={ui.row}>
          <Button
            variant="ghost"
            className={blocked ? '' : ui.danger}
            disabled={status.isPending}
            onClick={() =>
              status.mutate({ params: { id: profile.id }, body: { status: blocked ? 'active' : 'blocked' } })
            }
          >
            {blocked ? t('memberActions.unblock') : t('memberActions.block')}
          </Button>
        </div>
      )}
      <form
        className={ui.row}
        onSubmit={(event) => {
          event.preventDefault();
          level.mutate({ params: { id: profile.id }, body: { level: Number(newLevel) } });
        }}
      >
        <Field
          label={t('memberActions.level')}
          type="number"
          min={1}
          max={20}
          required
          value={newLevel}
          onValue={setNewLevel}
        />
        <Button type="submit" variant="ghost" disabled={level.isPending}>
          {t('memberActions.setLevel')}
        </Button>
      </form>
      <Outcome error={status.error ?? level.error} done={level.isSuccess && t('memberActions.levelSaved')} />
    </div>
  );
}

function PasswordReset({ id }: { id: number }) {
  const { t } = useTranslation();
  const reset = useMemberAction(api.members.resetPassword, id);
  return (
    <div className={ui.form}>
      <div className={ui.row}>
        <Button variant="ghost" disabled={reset.isPending} onClick={() => reset.mutate({ params: { id } })}>
          {t('memberActions.resetPassword')}
        </Button>
      </div>
      {reset.data && (
        <p className={ui.ok}>
          {t('memberActions.newPassword')} <code translate="no">{reset.data.password}</code>
        </p>
      )}
      <Outcome error={reset.error} />
    </div>
  );
}

/**
 * A manual credit or debit of the member's cash, through the ledger against the adjustments account.
 * Typed in major units of the member's currency, as the page shows their balances (100.50 baht), and
 * sent in minor units. While the member owes (`owed`), a debit is refused: it would charge them twice
 * once a win repays the debt; the form says so and points to the debt's own actions.
 */
function Adjustment({ id, currency, owed }: { id: number; currency: string; owed: number }) {
  const { t } = useTranslation();
  const adjust = useMemberAction(api.members.adjust, id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per intended adjustment: a retry after a timeout cannot credit twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const minor = adjustmentMinor(amount, currency);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minor === null) return;
    adjust.mutate(
      { params: { id }, body: { amount: minor, reason, key } },
      {
        onSuccess: () => {
          setAmount('');
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <form className={ui.form} onSubmit={submit}>
      {owed > 0 && (
        <p className={ui.error} role="note" data-testid="adjust-debt-warning">
          {t('memberActions.debtOpen', { owed: formatMoney(owed, currency, 'en') })}
        </p>
      )}
      <div className={ui.row}>
        <Field
          label={t('memberActions.amount', { currency })}
          inputMode="decimal"
          required
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setKey(crypto.randomUUID());
          }}
        />
        <Field
          label={t('memberActions.reason')}
          required
          minLength={3}
          maxLength={500}
          value={reason}
          onValue={setReason}
        />
        <Button type="submit" disabled={adjust.isPending || minor === null || (owed > 0 && minor < 0)}>
          {t('memberActions.adjust')}
        </Button>
      </div>
      <Outcome error={adjust.error} done={adjust.isSuccess && t('memberActions.adjusted')} />
    </form>
  );
}

/**
 * `currency`: the member's (their site's), in which the page shows their balances; `owed`: their open
 * debt (0 when none).
 */
export function MemberActions({
  profile,
  currency,
  owed = 0,
}: {
  profile: Profile;
  currency: string;
  owed?: number;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={t('memberActions.title')}>
      <div className={ui.form}>
        <StatusAndLevel profile={profile} />
        <PasswordReset id={profile.id} />
        <Adjustment id={profile.id} currency={currency} owed={owed} />
      </div>
    </Panel>
  );
}
