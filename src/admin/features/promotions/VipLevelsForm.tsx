import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminContract as api } from '../../../shared/contract/admin/index.ts';
import { minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { adminCall } from '../../api/client.ts';
import { Field, Outcome } from '../../components/Field.tsx';
import ui from '../../components/ui.module.css';
import styles from './promotions.module.css';

/** The levels a site can set a need for: level 1 is where every member starts. */
const LEVELS = Array.from({ length: 19 }, (_, i) => i + 2);

/**
 * What each level of a site needs in total wagered, in major units of its currency (empty: the level is
 * not reached by play). Members rise to a level once their wagering reaches it, never down.
 */
export function VipLevelsForm({ site }: { site: { id: number; currency: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['admin', 'promotions', 'vip', site.id];
  const current = useQuery({
    queryKey: key,
    queryFn: () => adminCall(api.promotions.vipLevels, { params: { id: site.id } }),
  });
  const [typed, setTyped] = useState<Record<number, string> | null>(null);
  const shown: Record<number, string> =
    typed ??
    Object.fromEntries(
      (current.data?.levels ?? []).map((l) => [l.level, minorToDecimal(l.wagered, site.currency)]),
    );
  const save = useMutation({
    mutationFn: () => {
      const levels = [];
      for (const level of LEVELS) {
        const text = (shown[level] ?? '').trim();
        if (text === '') continue;
        const wagered = parseMajor(text, site.currency);
        if (wagered === null || wagered <= 0) throw new Error(t('promotions.vipInvalid', { level }));
        levels.push({ level, wagered });
      }
      return adminCall(api.promotions.setVipLevels, { params: { id: site.id }, body: { levels } });
    },
    onSuccess: async () => {
      setTyped(null);
      await client.invalidateQueries({ queryKey: key });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className={ui.form} onSubmit={submit} aria-label={t('promotions.vipTitle')}>
      <p className={styles.hint}>{t('promotions.vipHint', { currency: site.currency })}</p>
      <div className={styles.fields}>
        {LEVELS.map((level) => (
          <Field
            key={level}
            label={t('promotions.vipLevel', { level })}
            inputMode="decimal"
            value={shown[level] ?? ''}
            onChange={(e) => setTyped({ ...shown, [level]: e.target.value })}
          />
        ))}
      </div>
      <Outcome error={save.error ?? current.error} />
      <div className={ui.row}>
        <Button type="submit" disabled={save.isPending || !current.data}>
          {t('promotions.save')}
        </Button>
      </div>
    </form>
  );
}
