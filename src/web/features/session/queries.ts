import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { SIGNED_IN_COOKIE } from '../../../shared/session-hint.ts';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { forgetAllAlerts } from './alertMemory.ts';

export const HEALTH_CHECK_MS = 30_000;
export const SESSION_KEY = ['session'] as const;
const USER_ID_KEY = 'userId';

export type Session = RouteReply<'user-health-check'>;

const mayBeSignedIn = () => document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
const forgetSignedIn = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
};

/**
 * The logged-in member, or null for a guest; undefined while still unknown.
 * While logged in it refreshes every 30 s (the product's health check).
 */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session | null> => {
      // A guest (no sign-in hint) is a guest without asking: the health check is for members only.
      if (!mayBeSignedIn()) {
        localStorage.removeItem(USER_ID_KEY);
        return null;
      }
      try {
        return await callRoute('user-health-check', {});
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 'unauthorized') {
          forgetAllAlerts();
          localStorage.removeItem(USER_ID_KEY);
          forgetSignedIn();
          return null;
        }
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data ? HEALTH_CHECK_MS : false),
    staleTime: 10_000,
    retry: 1,
  });
}

/** Keeps the logged-in member's id locally (SPEC §4): after a login or a registration. */
export const rememberLogin = (userId: string) => localStorage.setItem(USER_ID_KEY, userId);

/** Login success reloads the page and keeps the user id locally (SPEC §4). */
export function useLogin() {
  return useMutation({
    mutationFn: (credentials: { id: string; pw: string; otp?: string }) =>
      callRoute('user-do-login', credentials),
    onSuccess: (reply) => {
      forgetAllAlerts();
      rememberLogin(reply.userId);
      window.location.reload();
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute('user-logout', {}),
    onSettled: () => {
      forgetAllAlerts();
      localStorage.removeItem(USER_ID_KEY);
      queryClient.setQueryData(SESSION_KEY, null);
      window.location.assign('/');
    },
  });
}
