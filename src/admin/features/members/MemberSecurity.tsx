import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Outcome } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMay } from '../session/queries.ts';
import styles from './MemberSecurity.module.css';
import { useMemberAction, useMemberSecurity } from './queries.ts';

/** The member's account security (issue 32): two-step login, live sessions, what registration recorded. */
export function MemberSecurity({ id }: { id: number }) {
  const query = useMemberSecurity(id);
  const mayManage = useMay('members.manage');
  const reset = useMemberAction(api.memberSecurity.resetTwoFactor, id);
  const data = query.data;
  return (
    <Panel title="Account security">
      <Outcome error={query.error ?? reset.error} />
      {data && (
        <dl className={styles.facts} data-testid="member-security">
          <dt>Two-step login</dt>
          <dd data-testid="member-2fa">
            {data.twoFactor.enabled ? (
              <>
                On since <When value={data.twoFactor.enabledAt} /> · {data.twoFactor.recoveryCodesLeft}{' '}
                recovery codes left
              </>
            ) : (
              'Off'
            )}
          </dd>
          <dt>Live sessions</dt>
          <dd>{data.activeSessions}</dd>
          <dt>E-mail</dt>
          <dd>{data.email ?? '—'}</dd>
          <dt>Date of birth</dt>
          <dd>{data.birthDate ?? '—'}</dd>
          <dt>Terms accepted</dt>
          <dd>
            {data.termsVersion ? (
              <>
                version {data.termsVersion}, <When value={data.termsAcceptedAt} />
              </>
            ) : (
              '—'
            )}
          </dd>
        </dl>
      )}
      {data?.twoFactor.enabled && mayManage && (
        <Button
          variant="ghost"
          className={ui.danger}
          disabled={reset.isPending}
          onClick={() => {
            if (
              window.confirm('Turn off this member’s two-step login? Do it only after checking who they are.')
            ) {
              reset.mutate({ params: { id } });
            }
          }}
        >
          Turn off two-step login (lost phone)
        </Button>
      )}
    </Panel>
  );
}
