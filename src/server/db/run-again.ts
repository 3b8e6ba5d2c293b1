import { sqlStateOf, undoneByRace } from './sql-state.ts';

/**
 * Runs a transaction again when PostgreSQL undid it as a deadlock or a serialization failure, up to
 * `tries` times in all. Only for a transaction that reads again everything it decides on: the retry
 * must decide from what is true then.
 */
export async function runAgainOnRace<T>(run: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!undoneByRace(sqlStateOf(error)) || attempt >= tries) throw error;
    }
  }
}
