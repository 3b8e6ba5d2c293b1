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
  const change = useCatalogueChange();
  const setVendor = (patch: VendorPatch) => change.mutate({ vendor: vendor.code, patch });
  const setGame = (game: Game, patch: GamePatch) => change.mutate({ game: game.id, patch });
  const columns: Column<Game>[] = [
    { head: '', cell: (g) => <img className={styles.thumb} src={g.imgUrl} alt="" loading="lazy" /> },
    {
      head: 'Game',
      cell: (g) => (
        <>
          {g.nameEn}
          <div className={ui.muted}>
            {g.nameKo} · {g.code}
          </div>
        </>
      ),
    },
    {
      head: 'Enabled',
      cell: (g) => (
        <Toggle
          on={g.used === 'y'}
          label={`${g.nameEn} (${g.code}) enabled`}
          onLabel="On"
          offLabel="Off"
          disabled={change.isPending}
          onChange={(on) => setGame(g, { used: on ? 'y' : 'n' })}
        />
      ),
    },
    {
      head: 'Order',
      cell: (g) => (
        <SaveBox
          label={`${g.nameEn} (${g.code}) order`}
          type="number"
          value={String(g.sortOrder)}
          onSave={(v) => setGame(g, { sortOrder: Number(v) })}
        />
      ),
    },
    {
      head: 'Image',
      cell: (g) => (
        <SaveBox
          label={`${g.nameEn} (${g.code}) image`}
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
        <div className={styles.vendorName}>
          <strong>{vendor.nameEn}</strong>
          <span className={ui.muted}>
            {vendor.nameKo} · {vendor.code} · {vendor.provider}
          </span>
        </div>
        <div className={ui.row}>
          <Toggle
            on={vendor.used === 'y'}
            label={`${vendor.nameEn} (${vendor.code}) enabled`}
            onLabel="Enabled"
            offLabel="Disabled"
            disabled={change.isPending}
            onChange={(on) => setVendor({ used: on ? 'y' : 'n' })}
          />
          <Toggle
            on={vendor.maintenance}
            warn
            label={`${vendor.nameEn} (${vendor.code}) maintenance`}
            onLabel="Maintenance"
            offLabel="Running"
            disabled={change.isPending}
            onChange={(on) => setVendor({ maintenance: on })}
          />
          <SaveBox
            label={`${vendor.nameEn} (${vendor.code}) order`}
            type="number"
            value={String(vendor.sortOrder)}
            onSave={(v) => setVendor({ sortOrder: Number(v) })}
          />
          <SaveBox
            label={`${vendor.nameEn} (${vendor.code}) image`}
            width={200}
            value={vendor.imgUrl}
            onSave={(v) => setVendor({ imgUrl: v })}
          />
        </div>
      </div>
      <Outcome error={change.error} />
      <Table
        label={`${vendor.nameEn} (${vendor.code}) games`}
        rows={vendor.games}
        columns={columns}
        rowKey={(g) => g.id}
        empty="No games from this vendor."
      />
    </section>
  );
}
