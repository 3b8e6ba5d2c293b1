import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import type { AccountRequest } from '../../api/types.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import { useTextFields } from '../../components/text-fields.ts';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { RecordSite, useSite } from '../session/site-zone.ts';
import { useAccountAnswer } from './queries.ts';
import styles from './support.module.css';

/**
 * The last deposit account sent for one site: each brand has its own accounts (and currency), so a
 * Korean member is never offered the Thai brand's account because it was the last one sent.
 */
const lastAccountKey = (siteId: number) => `admin.lastDepositAccount.${siteId}`;
const blank = { bank: '', accountNumber: '', holder: '', note: '' };

/** Operators usually hand out the same deposit account; the form starts from the last one sent for the site. */
function lastAccount(siteId: number): typeof blank {
  try {
    return { ...blank, ...JSON.parse(sessionStorage.getItem(lastAccountKey(siteId)) ?? '{}') };
  } catch {
    return blank;
  }
}

/**
 * A member asking where to send a deposit, answered with the deposit account's details; the card names
 * the member's site and its currency (the account must be that brand's) and shows times in its zone.
 */
export function AccountRequestCard({ request }: { request: AccountRequest }) {
  const { t } = useTranslation();
  const answer = useAccountAnswer();
  const site = useSite(request.siteId);
  const [account, , bind] = useTextFields(() => lastAccount(request.siteId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sessionStorage.setItem(lastAccountKey(request.siteId), JSON.stringify(account));
    answer.mutate({ id: request.id, body: { ...account, note: account.note || undefined } });
  };
  return (
    <RecordSite.Provider value={request.siteId}>
      <article
        className={styles.card}
        aria-label={t('support.accountRequestOf', { login: request.member.loginId })}
      >
        <header className={styles.cardHead}>
          <strong>
            {site && (
              <span translate="no" data-testid="account-request-site">
                {site.name} ({site.currency}) ·{' '}
              </span>
            )}
            <span translate="no">
              {request.member.loginId} ({request.member.nick})
            </span>{' '}
            · {t('cashier.level', { level: request.member.level })}
          </strong>
          <span className={ui.muted}>
            {t('support.paysFrom')}{' '}
            <span translate="no">
              {request.member.bankName} · {request.member.bankOwner}
            </span>{' '}
            · <When value={request.createdAt} />
          </span>
        </header>
        <form className={ui.form} onSubmit={submit}>
          <div className={styles.accountFields}>
            <Field label={t('support.bank')} required maxLength={100} {...bind('bank')} />
            <Field
              label={t('support.accountNumber')}
              required
              maxLength={40}
              pattern="[0-9][0-9 \-]{3,39}"
              {...bind('accountNumber')}
            />
            <Field label={t('support.holder')} required maxLength={100} {...bind('holder')} />
            <Field label={t('support.note')} maxLength={1000} {...bind('note')} />
          </div>
          <div className={ui.row}>
            <Button type="submit" disabled={answer.isPending}>
              {t('support.sendAccount')}
            </Button>
          </div>
          <Outcome error={answer.error} />
        </form>
      </article>
    </RecordSite.Provider>
  );
}
