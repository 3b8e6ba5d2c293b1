import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { messageParams } from '../protection/messageParams.ts';
import { useSession } from '../session/queries.ts';
import { useCurrency } from '../site/site.ts';
import { prepareGameWindow } from './openGameWindow.ts';

/** The loading dialog shows for 4 seconds, then closes by itself (SPEC §4). */
export const GAME_LOADING_MS = 4_000;

export interface Launchable {
  code: string;
  gameCompany: string;
  used: string;
}

/**
 * Opens a game the way SPEC §4 says: guests are told to log in (msg2001), disabled games say
 * msg2002, a vendor under maintenance says msg2218 and then the failure message.
 */
export function useLaunchGame() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const dialog = useDialog();
  const session = useSession();
  const [loading, setLoading] = useState(false);

  async function launch(game: Launchable) {
    if (!session.data) return dialog.alert(t('msg.msg2001'), 'warning');
    if (game.used !== 'y') return dialog.alert(t('msg.msg2002'), 'info');
    const target = prepareGameWindow();
    setLoading(true);
    const hide = window.setTimeout(() => setLoading(false), GAME_LOADING_MS);
    try {
      const reply = await callRoute('open-game', {
        code: game.code,
        company: game.gameCompany,
        timeStemp: Date.now(),
      });
      target.navigate(reply.url);
    } catch (error) {
      target.close();
      window.clearTimeout(hide);
      setLoading(false);
      const failure = error instanceof ApiFailure ? error : null;
      if (failure?.status === 'time') {
        await dialog.alert(t('msg.msg2218'), 'warning');
        await dialog.alert(t('msg.msg2012'), 'error');
      } else {
        await dialog.alert(
          t(`msg.${failure?.msg ?? 'msg2012'}`, messageParams(failure, currency)),
          failure?.msg === 'msg2002' ? 'info' : 'error',
        );
      }
    }
  }

  return { launch, loading };
}
