import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client.ts';

/**
 * Where the database's time goes during a load, per operation: pg_stat_statements' statements (time
 * executing and planning) and, with track_functions = all, the functions' own time. Needs a cluster with
 * pg_stat_statements loaded (shared_preload_libraries) and created in the bench's database; the
 * bench's throwaway cluster has neither, so this runs against BENCH_DATABASE_URL. Top-level
 * statements only are counted as the load's total (nested ones are inside them).
 */
export async function statementCosts(db: Db) {
  await db.execute(sql`create extension if not exists pg_stat_statements`);
  await db.execute(sql`select pg_stat_statements_reset()`);
  await db.execute(sql`select pg_stat_reset()`);
  return {
    /** Prints the `top` costliest statements and functions, in µs per operation. */
    async stop(label: string, operations: number, top = 15) {
      const per = (ms: number) => ((Number(ms) * 1000) / Math.max(1, operations)).toFixed(0).padStart(6);
      const statements = await queryRows<{
        q: string;
        calls: number;
        exec: number;
        plan: number;
        top: boolean;
      }>(
        db,
        sql`select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as q, calls, toplevel as top,
                   total_exec_time as exec, total_plan_time as plan
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            order by total_exec_time + total_plan_time desc limit ${top}`,
      );
      const [total] = await queryRows<{ exec: number; plan: number }>(
        db,
        sql`select coalesce(sum(total_exec_time), 0) as exec, coalesce(sum(total_plan_time), 0) as plan
            from pg_stat_statements
            where toplevel and dbid = (select oid from pg_database where datname = current_database())`,
      );
      console.log(
        `\n${label}: database time per operation, top-level statements ${per(total!.exec)} µs executing, ${per(total!.plan)} µs planning`,
      );
      console.log('   exec µs/op  plan µs/op   calls/op  statement');
      for (const s of statements)
        console.log(
          `  ${per(s.exec)}      ${per(s.plan)}    ${(s.calls / Math.max(1, operations)).toFixed(2).padStart(7)}  ${s.top ? '' : '(nested) '}${s.q}`,
        );
      const functions = await queryRows<{ f: string; calls: number; self: number; total: number }>(
        db,
        sql`select funcname as f, calls, self_time as self, total_time as total from pg_stat_user_functions
            order by self_time desc limit ${top}`,
      );
      if (functions.length === 0) return;
      console.log('   self µs/op  total µs/op  calls/op  function');
      for (const f of functions)
        console.log(
          `  ${per(f.self)}      ${per(f.total)}     ${(f.calls / Math.max(1, operations)).toFixed(2).padStart(7)}  ${f.f}`,
        );
    },
  };
}
