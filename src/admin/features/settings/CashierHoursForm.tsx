import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { SiteView } from '../../api/types.ts';
import { Check, Field } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Pill } from '../../components/Pill.tsx';
import { SaveForm } from '../../components/SaveForm.tsx';
import ui from '../../components/ui.module.css';
import { useSettingsChange } from './queries.ts';
import styles from './settings.module.css';

type Desk = 'deposit' | 'withdraw';

/** A text box, not type=time: the desk may close at 24:00, which a time input cannot hold. */
const HHMM_INPUT = {
  inputMode: 'numeric',
  pattern: '([01]\\d|2[0-4]):[0-5]\\d',
  placeholder: '09:00',
  maxLength: 5,
} as const;

function deskForm(site: SiteView, desk: Desk) {
  const hours = site.desks[desk].hours;
  return {
    locked: site.desks[desk].locked,
    allDay: !hours,
    open: hours?.open ?? '09:00',
    close: hours?.close ?? '23:00',
  };
}

/** The deposit and withdrawal desks: locked or not, and their opening hours in the site's zone. */
export function CashierHoursForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const change = useSettingsChange(api.sites.cashier);
  const [timezone, setTimezone] = useState(site.desks.deposit.timezone);
  const [desks, setDesks] = useState({
    deposit: deskForm(site, 'deposit'),
    withdraw: deskForm(site, 'withdraw'),
  });
  const setDesk = (desk: Desk, patch: Partial<ReturnType<typeof deskForm>>) =>
    setDesks({ ...desks, [desk]: { ...desks[desk], ...patch } });
  const windowOf = (desk: Desk) => {
    const d = desks[desk];
    return d.allDay
      ? { locked: d.locked, open: null, close: null }
      : { locked: d.locked, open: d.open, close: d.close };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      params: { id: site.id },
      body: { timezone, deposit: windowOf('deposit'), withdraw: windowOf('withdraw') },
    });
  };
  return (
    <Panel title={t('settings.cashierHours')}>
      <SaveForm state={change} saveLabel={t('settings.saveHours')} onSubmit={submit}>
        <Field
          label={t('settings.timezone')}
          required
          maxLength={64}
          value={timezone}
          onValue={setTimezone}
        />
        {(['deposit', 'withdraw'] as const).map((desk) => {
          const d = desks[desk];
          const now = site.desks[desk];
          return (
            <fieldset key={desk} className={styles.desk}>
              <legend>
                {desk === 'deposit' ? t('dashboard.figure.deposits') : t('dashboard.figure.withdrawals')}{' '}
                <Pill
                  value={now.open ? 'active' : 'blocked'}
                  label={now.open ? t('settings.openNow') : t('settings.closedNow')}
                />
              </legend>
              <Check
                label={t('settings.locked')}
                checked={d.locked}
                onChecked={(locked) => setDesk(desk, { locked })}
              />
              <Check
                label={t('settings.allDay')}
                checked={d.allDay}
                onChecked={(allDay) => setDesk(desk, { allDay })}
              />
              {!d.allDay && (
                <div className={ui.row}>
                  <Field
                    label={t('settings.opens')}
                    {...HHMM_INPUT}
                    required
                    value={d.open}
                    onValue={(open) => setDesk(desk, { open })}
                  />
                  <Field
                    label={t('settings.closes')}
                    {...HHMM_INPUT}
                    required
                    value={d.close}
                    onValue={(close) => setDesk(desk, { close })}
                  />
                </div>
              )}
            </fieldset>
          );
        })}
      </SaveForm>
    </Panel>
  );
}
