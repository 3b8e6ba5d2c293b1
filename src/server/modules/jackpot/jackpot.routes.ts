import type { Db } from '../../db/client.ts';
import type { RouteHandlers } from '../../http/member-api.ts';
import { type JackpotReader, jackpotReader } from './jackpot.service.ts';

const readers = new WeakMap<Db, JackpotReader>();

/** One cached reader per database (so per process): polling tabs share one read a second. */
export function jackpotReaderOf(db: Db): JackpotReader {
  let reader = readers.get(db);
  if (!reader) {
    reader = jackpotReader(db);
    readers.set(db, reader);
  }
  return reader;
}

export const jackpotRoutes: RouteHandlers = {
  'get-jackpot': async (_body, ctx) => ({
    status: 'success',
    jackpot: await jackpotReaderOf(ctx.db).current(),
  }),
};
