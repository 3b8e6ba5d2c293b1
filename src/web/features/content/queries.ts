import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../api/client.ts';

export const HOME_LIST_SIZE = 5;

/** The home page's latest notices, in the language they are written for. */
export const latestNoticesKey = (language: string) => ['notices', 1, HOME_LIST_SIZE, language];

/** The language from the page's i18next instance: the server renders each language with its own. */
export function useLatestNotices() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: latestNoticesKey(i18n.language),
    queryFn: async () => (await callRoute('get-user-notices', { page: 1, pageSize: HOME_LIST_SIZE })).notices,
  });
}

export const useLatestHelp = (enabled: boolean) =>
  useQuery({
    queryKey: ['help', 1, HOME_LIST_SIZE],
    queryFn: async () => (await callRoute('get-help-list', { page: 1, pageSize: HOME_LIST_SIZE })).helps,
    enabled,
  });
