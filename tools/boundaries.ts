import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ICruiseOptions, IForbiddenRuleType, IViolation } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';

/*
 * The boundaries of docs/architecture.md, checked by a tool (dependency-cruiser) instead of held by
 * convention. `tools/boundaries.unit.test.ts` runs it in `npm test`; `npm run boundaries` runs only it.
 *
 * Imports are read by swc (the TypeScript compiler's own API is not in TypeScript 7, which this
 * project type-checks with). Tests are left out: a test may look at any table it asserts on.
 * `import type` is erased from the JavaScript: a type is no access to a table or to code, so the
 * rules about tables and services look at runtime imports only.
 */

const MODULE = '^src/server/modules/([^/]+)/';
const PROVIDER = '^src/server/providers/';

export const rules: IForbiddenRuleType[] = [
  {
    name: 'server-not-web',
    comment:
      'The server imports nothing of the member site. What both need (locale texts, slot art) lives in ' +
      'src/shared. The one thing the server takes from the site is the built server renderer, loaded at ' +
      'run time from the build (`<webRoot>/.ssr/render.js`, src/server/http/home-shell.ts), never a source import.',
    severity: 'error',
    from: { path: '^src/server/' },
    to: { path: '^src/web/', pathNot: '(^|/)\\.ssr/render\\.js$' },
  },
  {
    name: 'server-not-admin',
    comment: 'The back office is a browser app: the server reaches it through the admin API contract only.',
    severity: 'error',
    from: { path: '^src/server/' },
    to: { path: '^src/admin/' },
  },
  {
    name: 'apps-apart',
    comment:
      'The member site and the back office never import each other; they share src/ui and src/shared. ' +
      'src/ui is what both React apps use, so it imports neither of them, nor the server.',
    severity: 'error',
    from: { path: '^src/(web|admin|ui)/' },
    to: { path: '^src/(web|admin|ui|server)/', pathNot: ['^src/$1/', '^src/ui/'] },
  },
  {
    name: 'shared-is-isomorphic',
    comment: 'src/shared runs in the server and in every browser app: it imports none of them.',
    severity: 'error',
    from: { path: '^src/shared/' },
    to: { path: '^src/(server|web|admin|ui)/' },
  },
  {
    name: 'no-foreign-tables',
    comment:
      "A module (or a built-in provider) does not touch another's tables: no import of another's " +
      "*.schema.ts or *.repo.ts. It calls the owner's service functions. A schema file may import " +
      "another's table for a foreign key.",
    severity: 'error',
    from: { path: '^src/server/(modules|providers)/([^/]+)/', pathNot: '\\.schema\\.ts$' },
    to: {
      path: '^src/server/(modules|providers)/.+\\.(schema|repo)\\.ts$',
      pathNot: '^src/server/$1/$2/',
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'providers-use-module-services',
    comment:
      'Providers are adapters: they reach a module only through its service files (*.service.ts) or the ' +
      'provider interface it defines (provider.ts), never its repos, schemas, routes or helpers.',
    severity: 'error',
    from: { path: PROVIDER },
    to: {
      path: '^src/server/modules/',
      pathNot: ['\\.service\\.ts$', '/provider\\.ts$'],
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'modules-not-providers',
    comment:
      'Providers depend on modules, never the reverse: a module that needs a provider to act (the ' +
      'sportsbook cancelling bets when a member takes a break) calls a provider-neutral hook that app.ts ' +
      'wires at build time, so no module and provider import each other in a circle.',
    severity: 'error',
    from: { path: MODULE },
    to: { path: PROVIDER, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'no-circular',
    comment: 'No import cycle anywhere in src/ (runtime imports: `import type` is erased).',
    severity: 'error',
    from: {},
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
];

export const options: ICruiseOptions = {
  parser: 'swc',
  validate: true,
  ruleSet: { forbidden: rules },
  exclude: { path: '\\.test\\.tsx?$' },
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: false,
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
};

export interface Allowed {
  rule: string;
  from: string;
  /** The imported file, or a folder ending in `/` for every file under it. */
  to: string;
  /** Why this one stays, for now. */
  reason: string;
}

/**
 * Known exceptions, each with the reason it remains. An entry that no longer matches a violation fails
 * the test too, so the list only shrinks.
 */
export const ALLOWED: Allowed[] = [
  {
    rule: 'modules-not-providers',
    from: 'src/server/modules/backoffice/routes/sports.routes.ts',
    to: 'src/server/providers/sports/',
    reason:
      "The trading desk's admin routes drive the built-in book's own operations (results, trading, " +
      'settlement runs, the reconciler). To go, they move beside the book and app.ts hands them to the ' +
      'admin API; that touches the sports services being edited in parallel, so it waits for that work.',
  },
  {
    rule: 'no-foreign-tables',
    from: 'src/server/modules/accounts/sessions.repo.ts',
    to: 'src/server/modules/inbox/inbox.schema.ts',
    reason:
      "NOTE_VISIBLE_SQL, the inbox's rule of which notes a member sees, is a SQL fragment inside the " +
      'one prepared statement behind every member request (see the SQL allowance of sessions.repo.ts).',
  },
];

const SESSION_QUERY =
  'The session look-up behind every member request and live stream is one prepared statement that ' +
  'reads the session, the member, the balances, the unread note and help counts, the newest money news ' +
  'and what the member owes in one round trip ' +
  "(findSessionMember). Split into each owner's API it would be four round trips per request.";

export interface AllowedSql {
  from: string;
  table: string;
  reason: string;
}

/** Known raw-SQL reads of another's table, each with its reason; an unused entry fails the test too. */
export const ALLOWED_SQL: AllowedSql[] = [
  { from: 'src/server/modules/accounts/sessions.repo.ts', table: 'notes', reason: SESSION_QUERY },
  { from: 'src/server/modules/accounts/sessions.repo.ts', table: 'note_receipts', reason: SESSION_QUERY },
  { from: 'src/server/modules/accounts/sessions.repo.ts', table: 'help_tickets', reason: SESSION_QUERY },
  { from: 'src/server/modules/accounts/sessions.repo.ts', table: 'ledger_accounts', reason: SESSION_QUERY },
  { from: 'src/server/modules/accounts/sessions.repo.ts', table: 'member_news', reason: SESSION_QUERY },
  { from: 'src/server/modules/accounts/sessions.repo.ts', table: 'wallet_debts', reason: SESSION_QUERY },
  ...(['ledger_accounts', 'ledger_transfers'] as const).map((table) => ({
    from: 'src/server/modules/jackpot/jackpot.audit.ts',
    table,
    reason:
      "The jackpot audit reconciles the jackpot's own tables (shards, wins) with the pool's transfers in " +
      'joins, in one snapshot; it runs in audits and tests only.',
  })),
  {
    from: 'src/server/modules/jackpot/jackpot.audit.ts',
    table: 'wallet_transactions',
    reason:
      'The jackpot audit holds each share the pool gave back to the bet it names, which must be marked ' +
      'rolled back (wallet_transactions), in the same snapshot; audits and tests only.',
  },
  ...(['ledger_accounts', 'ledger_transfers'] as const).map((table) => ({
    from: 'src/server/modules/promotions/promotions.audit.ts',
    table,
    reason:
      "The promotions audit reconciles the bonuses (promo_bonuses) with the bonus accounts' transfers in " +
      'joins, in one snapshot; it runs in audits and tests only.',
  })),
  ...(['ledger_accounts', 'ledger_transfers', 'wallet_debt_entries'] as const).map((table) => ({
    from: 'src/server/modules/cashier/payments/payment-reversals.audit.ts',
    table,
    reason:
      'The cashier audit holds the deposits reversed by their providers (payment_reversals) to their ' +
      'transfers and debt entries in joins, in one snapshot; it runs in audits and tests only.',
  })),
  {
    from: 'src/server/modules/promotions/payment-records.audit.ts',
    table: 'ledger_transfers',
    reason:
      'The promotions audit holds the cashback payments (promo_cashback_payments) to their cashback ' +
      'transfers in one join, in one snapshot; it runs in audits and tests only.',
  },
];

export interface Finding {
  rule: string;
  from: string;
  to: string;
}

const findingOf = (v: IViolation): Finding => ({
  rule: v.rule.name,
  from: v.from,
  to: v.cycle ? v.cycle.map((step) => step.name).join(' → ') : v.to,
});

/** Every violation of the rules in `paths` (relative to `root`), and the allow-list entries left unused. */
export async function checkBoundaries(
  root = process.cwd(),
  paths: string[] = ['src'],
): Promise<{ violations: Finding[]; unusedAllowances: Allowed[]; cruised: number }> {
  {
    const { output } = await cruise(paths, { ...options, baseDir: root });
    if (typeof output === 'string') throw new Error('dependency-cruiser returned text, expected a result');
    const all = output.summary.violations.map(findingOf);
    const allowed = (f: Finding) => (a: Allowed) =>
      a.rule === f.rule && a.from === f.from && (a.to.endsWith('/') ? f.to.startsWith(a.to) : a.to === f.to);
    return {
      violations: all.filter((f) => !ALLOWED.some(allowed(f))),
      unusedAllowances: ALLOWED.filter((a) => !all.some((f) => allowed(f)(a))),
      cruised: output.summary.totalCruised,
    };
  }
}

/*
 * Raw SQL (sql`select … from ledger_transfers`) is invisible to an import graph, so tables named in
 * SQL text are checked here: each table belongs to the module or provider whose *.schema.ts declares
 * it (`pgTable('name'`), and another module's or provider's source that names it after FROM, JOIN,
 * UPDATE or INTO reaches into it.
 */

const OWNER = /^src\/server\/(modules|providers)\/([^/]+)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Comments out of the way (SQL words in prose are no access); strings stay, SQL lives in them. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

export interface SqlFinding {
  from: string;
  table: string;
  owner: string;
}

/** Every place a module or provider names another's table in SQL, less the allowed ones, and unused allowances. */
export function checkSqlTables(root = process.cwd()): {
  violations: SqlFinding[];
  unusedAllowances: AllowedSql[];
} {
  const all = foreignTablesInSql(root);
  const allowed = (f: SqlFinding) => (a: AllowedSql) => a.from === f.from && a.table === f.table;
  return {
    violations: all.filter((f) => !ALLOWED_SQL.some(allowed(f))),
    unusedAllowances: ALLOWED_SQL.filter((a) => !all.some((f) => allowed(f)(a))),
  };
}

/** Every place a module or provider names another's table in SQL. */
export function foreignTablesInSql(root = process.cwd()): SqlFinding[] {
  const files = ['src/server/modules', 'src/server/providers']
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .map((file) => relative(root, file));
  const ownerOf = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('.schema.ts'))) {
    const owner = OWNER.exec(file)?.slice(1, 3).join('/');
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) {
      if (owner) ownerOf.set(match[1]!, owner);
    }
  }
  const findings: SqlFinding[] = [];
  for (const file of files) {
    const unit = OWNER.exec(file)?.slice(1, 3).join('/');
    if (!unit) continue;
    const text = withoutComments(readFileSync(join(root, file), 'utf8'));
    const named = new Set<string>();
    for (const match of text.matchAll(/\b(?:from|join|update|into)\s+([a-z_0-9]+)\b/gi)) {
      const table = match[1]!;
      const owner = ownerOf.get(table);
      if (owner && owner !== unit && !named.has(table)) {
        named.add(table);
        findings.push({ from: file, table, owner });
      }
    }
  }
  return findings;
}
