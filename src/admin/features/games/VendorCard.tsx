import { useTranslation } from 'react-i18next';
import type { AdminVendor } from '../../api/types.ts';
import { Outcome } from '../../components/Field.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import ui from '../../components/ui.module.css';
import { SaveBox, Toggle } from './CatalogueControls.tsx';
import styles from './games.module.css';
import { type CatalogueChange, useCatalogueChange } from './queries.ts';

type Game = AdminVendor['games'][number];
type VendorPatch = Extract<CatalogueChange, { vendor: string }>['patch'];
type GamePatch = Extract<CatalogueChange, { game: number }>['patch'];

/** One vendor: switched on or off, under maintenance or not, its order and image, and its games. */
export function VendorCard({ vendor }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  const change = useCatalogueChange();
  const setVendor = (patch: VendorPatch) => change.mutate({ vendor: vendor.code, patch });
  const setGame = (game: Game, patch: GamePatch) => change.mutate({ game: game.id, patch });
  const columns: Column<Game>[] = [
    { head: '', cell: (g) => <img className={styles.thumb} src={g.imgUrl} alt="" loading="lazy" /> },
    {
      head: t('games.game'),
      cell: (g) => (
        <span translate="no">
          {g.nameEn}
          <div className={ui.muted}>
            {g.nameKo} · {g.code}
          </div>
        </span>
      ),
    },
    {
      head: t('games.enabled'),
      cell: (g) => (
        <Toggle
          on={g.used === 'y'}
          label={t('games.aria.enabled', { name: g.nameEn, code: g.code })}
          onLabel={t('games.on')}
          offLabel={t('games.off')}
          disabled={change.isPending}
          onChange={(on) => setGame(g, { used: on ? 'y' : 'n' })}
        />
      ),
    },
    {
      head: t('games.order'),
      cell: (g) => (
        <SaveBox
          label={t('games.aria.order', { name: g.nameEn, code: g.code })}
          type="number"
          value={String(g.sortOrder)}
          onSave={(v) => setGame(g, { sortOrder: Number(v) })}
        />
      ),
    },
    {
      head: t('games.image'),
      cell: (g) => (
        <SaveBox
          label={t('games.aria.image', { name: g.nameEn, code: g.code })}
          width={200}
          value={g.imgUrl}
          onSave={(v) => setGame(g, { imgUrl: v })}
        />
      ),
    },
  ];
  return (
    <section className={ui.panel} aria-label={vendor.nameEn}>
      <div className={styles.vendorHead}>
        <img className={styles.vendorImg} src={vendor.imgUrl} alt="" />
        <div className={styles.vendorName} translate="no">
          <strong>{vendor.nameEn}</strong>
          <span className={ui.muted}>
            {vendor.nameKo} · {vendor.code} · {vendor.provider}
          </span>
        </div>
        <div className={ui.row}>
          <Toggle
            on={vendor.used === 'y'}
            label={t('games.aria.enabled', { name: vendor.nameEn, code: vendor.code })}
            onLabel={t('games.enabledOn')}
            offLabel={t('games.disabled')}
            disabled={change.isPending}
            onChange={(on) => setVendor({ used: on ? 'y' : 'n' })}
          />
          <Toggle
            on={vendor.maintenance}
            warn
            label={t('games.aria.maintenance', { name: vendor.nameEn, code: vendor.code })}
            onLabel={t('games.maintenance')}
            offLabel={t('games.running')}
            disabled={change.isPending}
            onChange={(on) => setVendor({ maintenance: on })}
          />
          <SaveBox
            label={t('games.aria.order', { name: vendor.nameEn, code: vendor.code })}
            type="number"
            value={String(vendor.sortOrder)}
            onSave={(v) => setVendor({ sortOrder: Number(v) })}
          />
          <SaveBox
            label={t('games.aria.image', { name: vendor.nameEn, code: vendor.code })}
            width={200}
            value={vendor.imgUrl}
            onSave={(v) => setVendor({ imgUrl: v })}
          />
        </div>
      </div>
      <Outcome error={change.error} />
      <Table
        label={t('games.aria.games', { name: vendor.nameEn, code: vendor.code })}
        rows={vendor.games}
        columns={columns}
        rowKey={(g) => g.id}
        empty={t('games.noGames')}
      />
    </section>
  );
}
