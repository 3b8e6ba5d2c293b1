import { RECOVERY_SEALED_COLUMNS } from '../modules/accounts/recovery-codes.ts';
import { MEMBER_SEALED_COLUMNS } from '../modules/accounts/reseal-secrets.ts';
import { OPERATOR_SEALED_COLUMNS } from '../modules/backoffice/seal-operator-secrets.ts';

/**
 * Every column that holds a value sealed under TOTP_SECRET_KEY, which `npm run totp:reseal` seals
 * again under a new key: members' and operators' TOTP secrets and members' recovery codes. A column
 * missing here stays under the previous key and locks its owners out once that key is removed.
 */
export const SEALED_UNDER_TOTP_KEY = [
  MEMBER_SEALED_COLUMNS,
  RECOVERY_SEALED_COLUMNS,
  OPERATOR_SEALED_COLUMNS,
];
