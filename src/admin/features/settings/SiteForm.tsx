import { type FormEvent, useState } from 'react';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { Button } from '../../../ui/Button.tsx';
import type { SiteView } from '../../api/types.ts';
import { Field, Outcome, TextArea } from '../../components/Field.tsx';
import { Panel } from '../../components/Panel.tsx';
import ui from '../../components/ui.module.css';
import { useSettingsChange } from './queries.ts';
import styles from './settings.module.css';

/** Host names typed one per line (or separated by commas or spaces). */
export const parseDomains = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The site's name, the host names that reach it, and whether it takes registrations. */
export function SiteForm({ site }: { site: SiteView }) {
  const change = useSettingsChange(api.sites.update);
  const [form, setForm] = useState({
    name: site.name,
    domains: site.domains.join('\n'),
    registrationOpen: site.summary.registrationOpen,
    referralRequired: site.summary.referralRequired,
    testPayments: site.settings.testPayments === true,
    sportsBetsOnBreak: site.settings.sportsBetsOnBreak ?? 'keep',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      params: { id: site.id },
      body: { ...form, domains: parseDomains(form.domains) },
    });
  };
  return (
    <Panel title="Site and domains">
      <form className={ui.form} onSubmit={submit}>
        <Field
          label="Site name"
          required
          maxLength={100}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <TextArea
          label={
            site.isDefault
              ? 'Domains, one per line (any other host also lands on this default site)'
              : 'Domains, one per line'
          }
          rows={3}
          value={form.domains}
          onChange={(e) => setForm({ ...form, domains: e.target.value })}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form.registrationOpen}
            onChange={(e) => setForm({ ...form, registrationOpen: e.target.checked })}
          />
          Registration open
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form.referralRequired}
            onChange={(e) => setForm({ ...form, referralRequired: e.target.checked })}
          />
          A referral code is required to register
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form.testPayments}
            onChange={(e) => setForm({ ...form, testPayments: e.target.checked })}
          />
          Test payments: the sandbox provider may credit members here (no real money moves; on a production
          server it credits nothing while this is off)
        </label>
        <label className={ui.field}>
          When a member's break or self-exclusion starts, their open sports bets
          <select
            value={form.sportsBetsOnBreak}
            onChange={(e) => setForm({ ...form, sportsBetsOnBreak: e.target.value as 'keep' | 'cancel' })}
            data-testid="sports-bets-on-break"
          >
            <option value="keep">stay open and settle as usual</option>
            <option value="cancel">are cancelled and their stakes refunded</option>
          </select>
        </label>
        <Outcome error={change.error} done={change.isSuccess && 'Saved.'} />
        <div className={ui.row}>
          <Button type="submit" disabled={change.isPending}>
            Save site
          </Button>
        </div>
      </form>
    </Panel>
  );
}
