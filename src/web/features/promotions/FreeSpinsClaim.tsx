import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOUSE_GAMES } from '../../../shared/games/house-games.ts';
import { Button } from '../../../ui/Button.tsx';
import { callRoute } from '../../api/client.ts';
import { useDialog } from '../../components/ui/DialogProvider.tsx';
import { messageParams } from '../protection/messageParams.ts';
import { useCurrency } from '../site/site.ts';
import { promoFailure } from './promoFailure.ts';
import { type Offer, useRefreshPromotions } from './queries.ts';

/** Takes a free spins offer (claim-free-spins): the spins become the member's bonus, played in the slot. */
export function FreeSpinsClaim({ offer }: { offer: Offer }) {
  const { t } = useTranslation(['promotions', 'common']);
  const dialog = useDialog();
  const refresh = useRefreshPromotions();
  const currency = useCurrency();
  const [busy, setBusy] = useState(false);
  const spins = offer.freeSpins!;

  async function take() {
    setBusy(true);
    try {
      await callRoute('claim-free-spins', { campaign: offer.id });
      await refresh();
      const game = HOUSE_GAMES[spins.game]?.title ?? spins.game;
      await dialog.alert(t('freeSpinsTaken', { count: spins.count, game }), 'success');
    } catch (error) {
      await dialog.alert(t(`common:msg.${promoFailure(error)}`, messageParams(error, currency)), 'warning');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={take} disabled={busy} data-testid={`take-free-spins-${offer.id}`}>
      {t('takeFreeSpins')}
    </Button>
  );
}
