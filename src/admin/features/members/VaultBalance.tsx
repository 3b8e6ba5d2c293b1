import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';

/**
 * The member's vault in the Balances panel: cash they set aside through my page or the older
 * front ends (`point`), moved only by the member, through the ledger; in the member's `currency`.
 */
export function VaultBalance({ vault, currency }: { vault: number; currency: string }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('memberDetail.vault')}</dt>
      <dd data-testid="member-vault">
        <Amount value={vault} currency={currency} />
      </dd>
    </>
  );
}
