import { useQuery } from '@tanstack/react-query';
import type { AdminEndpoint } from '../../../shared/contract/admin/endpoint.ts';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { useAdminMutation } from '../../api/mutation.ts';

export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'members', q],
    queryFn: () => adminCall(api.members.search, { query: { q } }),
  });
}

export function useMemberDetail(id: number) {
  return useQuery({
    queryKey: ['admin', 'member', id],
    queryFn: () => adminCall(api.members.detail, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useMemberSecurity(id: number) {
  return useQuery({
    queryKey: ['admin', 'member', id, 'security'],
    queryFn: () => adminCall(api.memberSecurity.detail, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** One action on a member (status, level, password, adjustment); the page reloads the member after. */
export const useMemberAction = <E extends AdminEndpoint>(endpoint: E, id: number) =>
  useAdminMutation(endpoint, [['admin', 'member', id]]);

/** The member's break or self-exclusion and its events (read-only: operators cannot shorten it). */
export function useMemberProtection(id: number) {
  return useQuery({
    queryKey: ['admin', 'member', id, 'protection'],
    queryFn: () => adminCall(api.protection.member, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
