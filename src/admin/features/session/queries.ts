import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { AdminFailure, adminCall } from '../../api/client.ts';
import type { Permission } from '../../api/types.ts';

const ME = ['admin', 'me'] as const;

/** The signed-in operator, or null when there is none (401). */
export function useOperator() {
  return useQuery({
    queryKey: ME,
    queryFn: async () => {
      try {
        return await adminCall(api.session.me);
      } catch (error) {
        if (error instanceof AdminFailure && error.httpStatus === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useMay(permission: Permission): boolean {
  return useOperator().data?.permissions.includes(permission) ?? false;
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { login: string; password: string; otp: string }) =>
      adminCall(api.session.login, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ME }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => adminCall(api.session.logout),
    // A fresh page: nothing of the operator's screens or cached replies outlives the session.
    onSettled: () => window.location.assign('/admin/login'),
  });
}
