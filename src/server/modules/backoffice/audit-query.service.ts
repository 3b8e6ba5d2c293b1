import { and, asc, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { auditLog, operators } from './backoffice.schema.ts';

export interface AuditQuery {
  /** The operator's login, exactly. */
  operator?: string | undefined;
  /** An action exactly ('content.notice.update'), or every action under a prefix ending in '.*'. */
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Only entries older than this id: the next page. */
  before?: number | undefined;
  limit: number;
}

/** 'content.*' is every action starting 'content.' (LIKE, wildcards escaped with backslash). */
function actionFilter(action: string | undefined): SQL | undefined {
  if (!action) return undefined;
  if (!action.endsWith('.*')) return eq(auditLog.action, action);
  return like(auditLog.action, `${action.slice(0, -1).replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
}

/** Audit entries matching every given filter, newest first. */
export async function searchAudit(db: Db, query: AuditQuery) {
  const filters: (SQL | undefined)[] = [
    query.operator ? eq(auditLog.operatorLogin, query.operator) : undefined,
    actionFilter(query.action),
    query.target ? eq(auditLog.target, query.target) : undefined,
    query.from ? gte(auditLog.at, query.from) : undefined,
    query.to ? lt(auditLog.at, query.to) : undefined,
    query.before ? lt(auditLog.id, query.before) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}

/**
 * Every action recorded so far, for the filter's drop-down: a skip scan of the index
 * audit_log (action, id), one index probe per distinct action, however long the log.
 */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    db,
    sql`with recursive actions(action) as (
          select min(action) from audit_log
          union all
          select (select min(l.action) from audit_log l where l.action > a.action)
          from actions a where a.action is not null)
        select action from actions where action is not null order by action`,
  );
  return rows.map((r) => r.action);
}

/** The operators, for the filter's drop-down; no secrets. */
export async function listOperators(db: Db) {
  return db
    .select({
      id: operators.id,
      login: operators.login,
      role: operators.role,
      lockedUntil: operators.lockedUntil,
      disabledAt: operators.disabledAt,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .orderBy(asc(operators.login));
}
