import { Link, useParams } from 'react-router';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { MemberActions } from '../features/members/MemberActions.tsx';
import { MemberLimits } from '../features/members/MemberLimits.tsx';
import { MemberLists } from '../features/members/MemberLists.tsx';
import { MemberProtection } from '../features/members/MemberProtection.tsx';
import { MemberSecurity } from '../features/members/MemberSecurity.tsx';
import { useMemberDetail } from '../features/members/queries.ts';
import { VaultBalance } from '../features/members/VaultBalance.tsx';
import { useMay } from '../features/session/queries.ts';
import styles from './MemberDetailPage.module.css';

/** One member: profile, balances, what the operator may do, and their recent history. */
export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const detail = useMemberDetail(id);
  const mayManage = useMay('members.manage');
  const data = detail.data;
  return (
    <div className={ui.page}>
      <PageHead title={data ? `Member ${data.profile.loginId}` : 'Member'}>
        <div className={ui.row}>
          {data && (
            <Link to={`/notes?to=${encodeURIComponent(data.profile.loginId)}&id=${data.profile.id}`}>
              Send a note
            </Link>
          )}
          <Link to="/members">← All members</Link>
        </div>
      </PageHead>
      <Outcome error={detail.error} />
      {data && (
        <>
          <div className={ui.grid}>
            <Panel title="Profile">
              <dl className={styles.facts}>
                <dt>Nickname</dt>
                <dd>{data.profile.nick}</dd>
                <dt>Status</dt>
                <dd>
                  <Pill value={data.profile.status} />
                </dd>
                <dt>Level</dt>
                <dd>{data.profile.level}</dd>
                <dt>Phone</dt>
                <dd>{data.profile.phone}</dd>
                <dt>Bank</dt>
                <dd>
                  {data.profile.bankName} {data.profile.bankNumber} · {data.profile.bankOwner}
                </dd>
                <dt>Joined</dt>
                <dd>
                  <When value={data.profile.createdAt} />
                </dd>
                <dt>Last login</dt>
                <dd>
                  <When value={data.profile.lastLoginAt} /> {data.profile.lastLoginIp ?? ''}
                </dd>
              </dl>
            </Panel>
            <Panel title="Balances">
              <dl className={styles.balances}>
                <dt>Cash</dt>
                <dd data-testid="member-cash">
                  <Amount value={data.balances.cash} />
                </dd>
                <dt>Comp</dt>
                <dd>
                  <Amount value={data.balances.comp} />
                </dd>
                <dt>Held for withdrawal</dt>
                <dd>
                  <Amount value={data.balances.held} />
                </dd>
                <VaultBalance vault={data.balances.vault} />
                <dt>Owed (sports corrections)</dt>
                <dd data-testid="member-debt">
                  <Amount value={data.debt.owed} />
                </dd>
              </dl>
            </Panel>
          </div>
          {mayManage && <MemberActions profile={data.profile} />}
          <MemberProtection id={id} />
          <MemberSecurity id={id} />
          <MemberLimits id={id} />
          <MemberLists detail={data} />
        </>
      )}
    </div>
  );
}
