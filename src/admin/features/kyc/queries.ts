import { useQuery } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { adminCall } from '../../api/client.ts';
import { useAdminMutation } from '../../api/mutation.ts';

const QUEUE_KEY = ['admin', 'kyc', 'queue'];

export const useKycQueue = () => useQuery({ queryKey: QUEUE_KEY, queryFn: () => adminCall(api.kyc.queue) });

export const useMemberKyc = (id: number) =>
  useQuery({
    queryKey: ['admin', 'member', id, 'kyc'],
    queryFn: () => adminCall(api.kyc.member, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });

/** A decision or a request: the queue and every member view reload after. */
export const useKycDecision = () => useAdminMutation(api.kyc.decide, [QUEUE_KEY, ['admin', 'member']]);
export const useKycRequest = () => useAdminMutation(api.kyc.request, [QUEUE_KEY, ['admin', 'member']]);

/** Where a document's file is: the browser sends the operator's cookie; the server checks the role. */
export const documentFileUrl = (id: number) => `/api/admin/kyc/documents/${id}/file`;
