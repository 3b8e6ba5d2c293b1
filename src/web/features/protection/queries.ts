import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

export const useProtection = () =>
  useQuery({
    queryKey: ['protection'],
    queryFn: async () => (await callRoute('get-protection', {})).protection,
  });

export const LIMITS_KEY = ['limits'];

/** The member's limits (with what counts against each now) and reality check interval. */
export const useLimits = () => useQuery({ queryKey: LIMITS_KEY, queryFn: () => callRoute('get-limits', {}) });

export const useActivity = () =>
  useQuery({ queryKey: ['activity'], queryFn: () => callRoute('get-activity', {}) });

/**
 * The account statement as a CSV file: POST like every member call (the session in its cookie),
 * then saved through a temporary link. A refusal is JSON with status and msg, as elsewhere.
 */
export async function downloadStatement(from: string, to: string): Promise<void> {
  const response = await fetch('/api/routes/get-account-statement-csv', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ from, to }),
  });
  if (!response.ok) {
    const json = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new Error(json.msg ?? 'msg2012');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
