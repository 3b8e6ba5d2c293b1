import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Outcome } from '../../components/Field.tsx';
import { LiftLock } from '../../components/LiftLock.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { When } from '../../components/When.tsx';
import { useMay } from '../session/queries.ts';
import { useMemberAction, useMemberSecurity } from './queries.ts';

/** The member's account security (issue 32): two-step login, live sessions, what registration recorded. */
export function MemberSecurity({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useMemberSecurity(id);
  const mayManage = useMay('members.manage');
  const mayLift = useMay('support.answer');
  const reset = useMemberAction(api.memberSecurity.resetTwoFactor, id);
  const lift = useMemberAction(api.memberSecurity.unlockTwoFactor, id);
  const data = query.data;
  return (
    <Panel title={t('security.title')}>
      <Outcome error={query.error ?? reset.error} />
      {data && (
        <dl className={ui.facts} data-testid="member-security">
          <dt>{t('security.twoFactor')}</dt>
          <dd data-testid="member-2fa">
            {data.twoFactor.enabled ? (
              <>
                {t('security.onSince')} <When value={data.twoFactor.enabledAt} /> ·{' '}
                {t('security.codesLeft', { n: data.twoFactor.recoveryCodesLeft })}
              </>
            ) : (
              t('security.off')
            )}
            {data.twoFactor.lockedUntil && (
              <strong className={ui.danger} data-testid="member-2fa-locked">
                {' '}
                · {t('lock.lockedUntil')} <When value={data.twoFactor.lockedUntil} />
              </strong>
            )}
          </dd>
          <dt>{t('security.sessions')}</dt>
          <dd>{data.activeSessions}</dd>
          <dt>{t('security.email')}</dt>
          <dd>{data.email ?? '—'}</dd>
          <dt>{t('security.birthDate')}</dt>
          <dd>{data.birthDate ?? '—'}</dd>
          <dt>{t('security.terms')}</dt>
          <dd>
            {data.termsVersion ? (
              <>
                {t('security.termsVersion', { version: data.termsVersion })}{' '}
                <When value={data.termsAcceptedAt} />
              </>
            ) : (
              '—'
            )}
          </dd>
        </dl>
      )}
      {data?.twoFactor.lockedUntil && mayLift && (
        <LiftLock
          label={t('lock.liftMember')}
          pending={lift.isPending}
          error={lift.error}
          onLift={(reason) => lift.mutate({ params: { id }, body: { reason } })}
        />
      )}
      {data?.twoFactor.enabled && mayManage && (
        <Button
          variant="ghost"
          className={ui.danger}
          disabled={reset.isPending}
          onClick={() => {
            if (window.confirm(t('security.resetConfirm'))) {
              reset.mutate({ params: { id } });
            }
          }}
        >
          {t('security.reset')}
        </Button>
      )}
    </Panel>
  );
}
