import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Amount } from '../components/Amount.tsx';
import { Outcome } from '../components/Field.tsx';
import { PageHead, Panel } from '../components/Panel.tsx';
import { Pill } from '../components/Pill.tsx';
import ui from '../components/ui.module.css';
import { When } from '../components/When.tsx';
import { MemberVerification } from '../features/kyc/MemberVerification.tsx';
import { MemberActions } from '../features/members/MemberActions.tsx';
import { MemberDebt } from '../features/members/MemberDebt.tsx';
import { MemberLimits } from '../features/members/MemberLimits.tsx';
import { MemberLists } from '../features/members/MemberLists.tsx';
import { MemberProtection } from '../features/members/MemberProtection.tsx';
import { MemberSecurity } from '../features/members/MemberSecurity.tsx';
import { useMemberDetail } from '../features/members/queries.ts';
import { VaultBalance } from '../features/members/VaultBalance.tsx';
import { useMay } from '../features/session/queries.ts';
import { RecordSite } from '../features/session/site-zone.ts';
import styles from './MemberDetailPage.module.css';

/** One member: profile, balances, what the operator may do, and their recent history. */
export default function MemberDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useMemberDetail(id);
  const mayManage = useMay('members.manage');
  const data = detail.data;
  return (
    // The member's times in their own site's zone, whichever site the operator reads times in.
    <RecordSite.Provider value={data?.profile.siteId}>
      <div className={ui.page}>
        <PageHead
          title={data ? t('memberDetail.title', { login: data.profile.loginId }) : t('memberDetail.member')}
        >
          <div className={ui.row}>
            {data && (
              <Link to={`/notes?to=${encodeURIComponent(data.profile.loginId)}&id=${data.profile.id}`}>
                {t('memberDetail.sendNote')}
              </Link>
            )}
            <Link to="/members">← {t('memberDetail.all')}</Link>
          </div>
        </PageHead>
        <Outcome error={detail.error} />
        {data && (
          <>
            <div className={ui.grid}>
              <Panel title={t('memberDetail.profile')}>
                <dl className={ui.facts}>
                  <dt>{t('members.nick')}</dt>
                  <dd translate="no">{data.profile.nick}</dd>
                  <dt>{t('members.status')}</dt>
                  <dd>
                    <Pill value={data.profile.status} />
                  </dd>
                  <dt>{t('members.level')}</dt>
                  <dd>{data.profile.level}</dd>
                  <dt>{t('memberDetail.phone')}</dt>
                  <dd>{data.profile.phone}</dd>
                  <dt>{t('memberDetail.bank')}</dt>
                  <dd translate="no">
                    {data.profile.bankName} {data.profile.bankNumber} · {data.profile.bankOwner}
                  </dd>
                  <dt>{t('members.joined')}</dt>
                  <dd>
                    <When value={data.profile.createdAt} />
                  </dd>
                  <dt>{t('memberDetail.lastLogin')}</dt>
                  <dd>
                    <When value={data.profile.lastLoginAt} /> {data.profile.lastLoginIp ?? ''}
                  </dd>
                </dl>
              </Panel>
              <Panel title={t('memberDetail.balances')}>
                <dl className={styles.balances}>
                  <dt>{t('memberDetail.cash')}</dt>
                  <dd data-testid="member-cash">
                    <Amount value={data.balances.cash} currency={data.currency} />
                  </dd>
                  <dt>{t('memberDetail.comp')}</dt>
                  <dd>
                    <Amount value={data.balances.comp} currency={data.currency} />
                  </dd>
                  <dt>{t('memberDetail.held')}</dt>
                  <dd>
                    <Amount value={data.balances.held} currency={data.currency} />
                  </dd>
                  <VaultBalance vault={data.balances.vault} currency={data.currency} />
                  <dt>{t('memberDetail.owed')}</dt>
                  <dd data-testid="member-debt">
                    <Amount value={data.debt.owed} currency={data.currency} />
                  </dd>
                </dl>
              </Panel>
            </div>
            {(data.debt.owed > 0 || data.debt.entries.length > 0) && (
              <MemberDebt detail={data} mayManage={mayManage} />
            )}
            {mayManage && (
              <MemberActions profile={data.profile} currency={data.currency} owed={data.debt.owed} />
            )}
            <MemberVerification id={id} />
            <MemberProtection id={id} />
            <MemberSecurity id={id} />
            <MemberLimits id={id} currency={data.currency} />
            <MemberLists detail={data} />
          </>
        )}
      </div>
    </RecordSite.Provider>
  );
}
