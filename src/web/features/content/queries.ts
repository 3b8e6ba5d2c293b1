import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { callRoute } from '../../api/client.ts';

export const HOME_LIST_SIZE = 5;

export const useLatestNotices = () =>
  useQuery({
    queryKey: ['notices', 1, HOME_LIST_SIZE, i18next.language],
    queryFn: async () => (await callRoute('get-user-notices', { page: 1, pageSize: HOME_LIST_SIZE })).notices,
  });

export const useLatestHelp = (enabled: boolean) =>
  useQuery({
    queryKey: ['help', 1, HOME_LIST_SIZE],
    queryFn: async () => (await callRoute('get-help-list', { page: 1, pageSize: HOME_LIST_SIZE })).helps,
    enabled,
  });
