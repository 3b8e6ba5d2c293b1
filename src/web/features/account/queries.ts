import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../api/client.ts';

export const TWO_FACTOR_KEY = ['two-factor'] as const;
export const SESSIONS_KEY = ['sessions'] as const;

/** Whether the member's two-step login is on (asked before a withdrawal or a bank change too). */
export const useTwoFactor = () =>
  useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => callRoute('user-2fa-status', {}) });

export const useActiveSessions = () =>
  useQuery({ queryKey: SESSIONS_KEY, queryFn: async () => (await callRoute('user-sessions', {})).list });
