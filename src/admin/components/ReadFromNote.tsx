import { useTranslation } from 'react-i18next';
import type { ReadFrom } from '../../shared/contract/admin/read-from.ts';
import ui from './ui.module.css';

/**
 * Under a report that may read a replica: how far behind the primary its figures may be, or that the
 * primary answered because the replica was too far behind or down. Nothing without a replica.
 */
export function ReadFromNote({ readFrom }: { readFrom: ReadFrom | undefined }) {
  const { t } = useTranslation();
  if (!readFrom) return null;
  let text: string | undefined;
  if (readFrom.source === 'replica') text = t('readFrom.replica', { seconds: readFrom.lagSeconds });
  else if (readFrom.replicaLagSeconds === null) text = t('readFrom.replicaDown');
  else if (readFrom.replicaLagSeconds !== undefined) {
    text = t('readFrom.replicaBehind', { seconds: Math.round(readFrom.replicaLagSeconds) });
  }
  if (!text) return null;
  return (
    <p className={ui.muted} data-testid="read-from" role="status">
      {text}
    </p>
  );
}
