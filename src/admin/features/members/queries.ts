import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from '../../api/client.ts';
import type { MemberDetail, MemberRow } from '../../api/types.ts';

export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'members', q],
    queryFn: () => adminGet<{ members: MemberRow[] }>('/members', { q }),
  });
}

export function useMemberDetail(id: number) {
  return useQuery({
    queryKey: ['admin', 'member', id],
    queryFn: () => adminGet<MemberDetail>(`/members/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** One action on a member (status, level, password, adjustment); the page reloads the member after. */
export function useMemberAction<T = unknown>(id: number, action: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => adminPost<T>(`/members/${id}/${action}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'member', id] }),
  });
}
