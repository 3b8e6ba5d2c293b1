import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOUSE_GAMES } from '../../../shared/games/house-games.ts';
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
  /** Its vendor is under maintenance (demo play waits too). */
  maintenance?: boolean;
}

/** A built-in game: it has demo play with fun money. */
export const hasDemo = (game: { code: string }) => Object.hasOwn(HOUSE_GAMES, game.code);

/**
 * Opens a game the way SPEC §4 says: guests are told to log in (msg2001), disabled games say
 * msg2002, a vendor under maintenance says msg2218 and then the failure message.
 */
export function useLaunchGame() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const dialog = useDialog();
  const session = useSession();
  const [loading, setLoading] = useState(false);

  /** Demo play in the game window: fun money, no login needed, nothing through the wallet. */
  async function launchDemo(game: Launchable) {
    // What is switched off or under maintenance is not played in demo either (the game server refuses it too).
    if (game.used !== 'y') return dialog.alert(t('msg.msg2002'), 'info');
    if (game.maintenance) return dialog.alert(t('msg.msg2218'), 'warning');
    prepareGameWindow().navigate(
      `/play/${encodeURIComponent(game.code)}?demo=1&lang=${encodeURIComponent(i18n.language)}`,
    );
  }

  async function launch(game: Launchable) {
    // A guest plays a built-in game in demo; anything else needs a login.
    if (!session.data) return hasDemo(game) ? launchDemo(game) : dialog.alert(t('msg.msg2001'), 'warning');
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

  return { launch, launchDemo, loading };
}
