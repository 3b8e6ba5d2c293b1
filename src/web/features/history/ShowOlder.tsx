import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';

/** The button under a history list that loads its next, older page (hidden when there is none). */
export function ShowOlder({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation('user');
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="ghost" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      {t('showOlder')}
    </Button>
  );
}
