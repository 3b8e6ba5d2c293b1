import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';

export interface WalPerOp {
  records: number;
  bytes: number;
}

/**
 * The WAL the cluster writes over a window (pg_stat_wal, cluster-wide: run nothing else meanwhile),
 * per operation: what each wallet call costs the disk and a standby, against a TPC-B transaction.
 */
export async function walWindow(db: Db) {
  const read = async () =>
    (
      await queryRows<{ records: number; bytes: number }>(
        db,
        sql`select wal_records::float8 as records, wal_bytes::float8 as bytes from pg_stat_wal`,
      )
    )[0]!;
  const start = await read();
  return {
    async end(operations: number): Promise<WalPerOp> {
      const stop = await read();
      const per = (n: number) => (operations > 0 ? n / operations : 0);
      return { records: per(stop.records - start.records), bytes: per(stop.bytes - start.bytes) };
    },
  };
}

export const formatWal = (label: string, wal: WalPerOp) =>
  `${label}: ${wal.records.toFixed(1)} WAL records and ${wal.bytes.toFixed(0)} bytes per operation`;
