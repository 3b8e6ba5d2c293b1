import { formatDateTime } from '../../../shared/format.ts';
import { ApiFailure } from '../../api/client.ts';

/**
 * What a refusal's message needs besides its key: a break or self-exclusion says until when
 * (`until`, ISO from the server, shown as a local date and time).
 */
export function messageParams(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure)) return {};
  const until = error.body.until;
  return typeof until === 'string' ? { until: formatDateTime(until) } : {};
}
