import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';

/**
 * The member's vault in the Balances panel: cash they set aside through my page or the older
 * front ends (`point`), moved only by the member, through the ledger.
 */
export function VaultBalance({ vault }: { vault: number }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('memberDetail.vault')}</dt>
      <dd data-testid="member-vault">
        <Amount value={vault} />
      </dd>
    </>
  );
}
