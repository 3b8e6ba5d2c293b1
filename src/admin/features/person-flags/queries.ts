import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import type { PERSON_FLAG_STATUSES } from '../../../shared/promotions.ts';
import { adminCall } from '../../api/client.ts';
import { useAdminMutation } from '../../api/mutation.ts';

export type FlagState = (typeof PERSON_FLAG_STATUSES)[number];
const FLAGS_KEY = ['admin', 'person-flags'];

/** One page of the flags in a state (all: open first). */
export const usePersonFlags = (status: FlagState | 'all', page: number) =>
  useQuery({
    queryKey: [...FLAGS_KEY, status, page],
    queryFn: () =>
      adminCall(api.promotions.personFlags, {
        query: { status: status === 'all' ? undefined : status, page },
      }),
    placeholderData: keepPreviousData,
  });

/** Clearing or confirming a flag reloads every page of the list. */
export const useDecideFlag = () => useAdminMutation(api.promotions.decidePersonFlag, [FLAGS_KEY]);
