import { Amount } from '../../components/Amount.tsx';

/**
 * The member's vault in the Balances panel: cash they set aside through my page or the older
 * front ends (`point`), moved only by the member, through the ledger.
 */
export function VaultBalance({ vault }: { vault: number }) {
  return (
    <>
      <dt>Vault</dt>
      <dd data-testid="member-vault">
        <Amount value={vault} />
      </dd>
    </>
  );
}
