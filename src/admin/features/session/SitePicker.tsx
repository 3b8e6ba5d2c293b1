import { useTranslation } from 'react-i18next';
import { zoneLabel } from '../../../shared/zoned-time.ts';
import ui from '../../components/ui.module.css';
import { chooseSite, useChosenSite } from './site-zone.ts';

/** Which site's time zone the back office's times are in, when there is more than one site. */
export function SitePicker({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { sites, site } = useChosenSite();
  if (sites.length < 2 || !site) return null;
  return (
    // The sites' names are the operator's own.
    <select
      translate="no"
      className={`${ui.input} ${ui.cellSelect} ${className}`}
      aria-label={t('common.timesOf')}
      value={site.id}
      onChange={(event) => chooseSite(Number(event.target.value))}
    >
      {sites.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name} · {s.currency} · {zoneLabel(s.timezone)}
        </option>
      ))}
    </select>
  );
}
