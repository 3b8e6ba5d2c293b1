import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOME_LIST_SIZE } from '../../../shared/home-shell.ts';
import { callRoute } from '../../api/client.ts';

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

/** The home page's latest help entries (a member's only). */
export const LATEST_HELP_KEY = ['help', 1, HOME_LIST_SIZE] as const;

export const useLatestHelp = (enabled: boolean) =>
  useQuery({
    queryKey: LATEST_HELP_KEY,
    queryFn: async () => (await callRoute('get-help-list', { page: 1, pageSize: HOME_LIST_SIZE })).helps,
    enabled,
  });
