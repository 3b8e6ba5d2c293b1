import { useEffect } from 'react';
import { currentLocale, showIn } from '../../i18n/index.ts';
import { useOperator } from './queries.ts';

/** Once signed in, the back office switches to the language the operator chose last time (anywhere). */
export function useOperatorLanguage() {
  const chosen = useOperator().data?.operator.locale;
  useEffect(() => {
    if (chosen && chosen !== currentLocale()) void showIn(chosen);
  }, [chosen]);
}
