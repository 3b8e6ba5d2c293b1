import type pg from 'pg';

/**
 * The scale data set (bench:scale), written with set-based SQL (generate_series, INSERT … SELECT) into
 * a migrated database: N members with their four ledger accounts and sessions, ten game rounds each
 * with their bets and wins in the ledger, a deposit each, withdrawals for one in ten, tickets, notes,
 * cash requests and audit entries in proportion, member debts (one in a hundred) and the operators'
 * past sessions. Balances are set from the transfers afterwards, so the
 * ledger audit holds; every member ends with at least the deposit minus ten maximal bets minus the
 * withdrawal, which is never negative.
 *
 * Member m's accounts have fixed ids (cash 1000 + 4m, comp +1, held +2, vault +3) so that the
 * statements below need no look-ups. Member m's live session token is memberToken(m).
 */

/** The tables generated into: their secondary indexes are dropped before the load and rebuilt after. */
const LOADED_TABLES = [
  'members',
  'sessions',
  'ledger_accounts',
  'ledger_transfers',
  'game_rounds',
  'game_sessions',
  'open_game_rounds',
  'cash_requests',
  'help_tickets',
  'notes',
  'note_receipts',
  'audit_log',
  'wallet_debts',
  'wallet_debt_entries',
  'wallet_debt_actions',
  'wallet_round_debts',
  'operators',
  'operator_sessions',
];

/** Actions as the back office writes them, for the audit filter. */
const AUDIT_ACTIONS = [
  'operator.login',
  'cashier.deposit.approve',
  'cashier.deposit.reject',
  'cashier.withdraw.approve',
  'cashier.withdraw.reject',
  'members.adjust',
  'members.block',
  'members.unblock',
  'members.level',
  'members.reset_password',
  'support.answer',
  'support.account_answer',
  'notes.send',
  'content.notice.create',
  'content.notice.update',
  'content.banner.update',
  'games.vendor.update',
  'settings.site.update',
  'operators.create',
];

/** Member m's live session token: the shape the API accepts (43 URL-safe characters). */
export const memberToken = (m: number) => `bench${String(m).padStart(38, '0')}`;

export function generationSteps(n: number, passwordHash: string): { label: string; sql: string }[] {
  const house = (kind: string, member: string) =>
    `(select id from bench_house h where h.kind = '${kind}' and h.shard = house_shard(${member}))`;
  const cash = (m: string) => `(1000 + 4 * ${m})`;
  const held = (m: string) => `(1002 + 4 * ${m})`;
  // Deterministic "random" numbers from an id: the same member always gets the same figures.
  const mix = (x: string, mod: number) => `((((${x}) * 2654435761::int8 + 97) % ${mod})::int)`;
  const deposit = (m: string) => `(100000 + 1000 * (${m} % 900))`;
  const withdrawal = (m: string) => `(500 * (${m} % 900))`;
  const actions = `array[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')}]`;
  return [
    {
      label: 'house accounts map',
      sql: `create temporary table bench_house as
              select kind, shard, id from ledger_accounts where member_id is null;
            create index on bench_house (kind, shard); analyze bench_house`,
    },
    {
      label: `${n.toLocaleString('en')} members`,
      sql: `insert into members (id, login_id, nick, password_hash, phone, bank_name, bank_owner, bank_number,
              level, status, referral_code, site_id, created_at, last_login_at, last_login_ip)
            select g, 'member' || g, 'nick' || g, '${passwordHash}', '010' || lpad(g::text, 8, '0'),
              (array['KB Bank', 'Shinhan', 'Woori', 'Hana'])[1 + g % 4], 'Owner ' || g,
              lpad(((g::int8 * 7919) % 1000000000000)::text, 12, '0'), 1 + g % 5,
              case when g % 500 = 0 then 'blocked' else 'active' end, 'R' || g, 1,
              now() - interval '400 days' * ((${n} - g)::float8 / ${n}) - interval '1 hour',
              now() - interval '1 minute' * ${mix('g', 43200)}, '10.0.' || (g % 256) || '.' || (g % 250)
            from generate_series(1, ${n}) g;
            select setval('members_id_seq', ${n})`,
    },
    {
      label: 'sessions (an ended one and a live one per member)',
      sql: `insert into sessions (id, token_hash, member_id, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent)
            select 2 * g - 1, md5('old' || g) || md5('session' || g), g, m.created_at, m.created_at + interval '1 hour',
              m.created_at + interval '7 days', m.created_at + interval '1 hour', '10.0.0.1', 'bench'
            from generate_series(1, ${n}) g join members m on m.id = g
            union all
            select 2 * g, encode(sha256(convert_to('bench' || lpad(g::text, 38, '0'), 'UTF8')), 'hex'), g, now() - interval '1 day',
              now() - interval '1 minute' * ${mix('g', 43200)}, now() + interval '6 days', null, '10.0.0.2', 'bench'
            from generate_series(1, ${n}) g;
            select setval('sessions_id_seq', ${2 * n})`,
    },
    {
      label: 'game sessions',
      sql: `insert into game_sessions (id, token_hash, provider, member_id, session_id, vendor_code, game_code, category, created_at)
            select g, md5('gs' || g) || md5('game' || g), 'bench', g, 2 * g, 'bench-slots', 'bench-reels', 'slot', now() - interval '1 day'
            from generate_series(1, ${n}) g;
            select setval('game_sessions_id_seq', ${n})`,
    },
    {
      label: `${(10 * n).toLocaleString('en')} game rounds`,
      sql: `insert into game_rounds (id, provider, round_id, member_id, game_session_id, vendor_code, game_code, category,
              status, total_bet, total_win, has_win, opened_at, closed_at)
            select id, 'bench', 'r' || id, g, g, 'bench-slots', 'bench-reels',
              case when r % 3 = 0 then 'casino' else 'slot' end,
              case when open then 'open' else 'closed' end,
              bet, win, win > 0, at, case when open then null else at + interval '3 seconds' end
            from (
              select g, r, (g - 1) * 10 + r as id, m.created_at + (now() - m.created_at) * (r / 10.5) as at,
                100 * (1 + ${mix('(g - 1) * 10 + r', 100)}) as bet,
                (g % 1000 = 0 and r = 10) as open
              from generate_series(1, ${n}) g join members m on m.id = g cross join generate_series(1, 10) r
            ) x
            cross join lateral (select case when not open and ${mix('x.id + 7', 10)} < 3
              then bet * (1 + ${mix('x.id + 11', 40)}) / 10 else 0 end as win) w;
            select setval('game_rounds_id_seq', ${10 * n});
            insert into open_game_rounds (game_round_id) select id from game_rounds where status = 'open'`,
    },
    {
      label: 'ledger: deposits, bets, wins, withdrawals',
      sql: `insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, created_at, member_id)
            select 'deposit:' || g, ${house('house_deposits', 'g')}, ${cash('g')}, ${deposit('g')}, 'deposit',
              jsonb_build_object('cashRequestId', g), m.created_at + interval '1 minute', g
            from generate_series(1, ${n}) g join members m on m.id = g;
            insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, created_at, member_id)
            select 'wallet:bench:b' || id, ${cash('member_id')}, ${house('game_revenue', 'member_id')}, total_bet, 'bet',
              jsonb_build_object('provider', 'bench', 'roundId', round_id, 'txId', 'b' || id), opened_at, member_id
            from game_rounds order by id;
            insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, created_at, member_id)
            select 'wallet:bench:w' || id, ${house('game_revenue', 'member_id')}, ${cash('member_id')}, total_win, 'win',
              jsonb_build_object('provider', 'bench', 'roundId', round_id, 'txId', 'w' || id), closed_at, member_id
            from game_rounds where total_win > 0 order by id;
            insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, created_at, member_id)
            select 'withdraw-hold:' || (${n} + g), ${cash('g')}, ${held('g')}, ${withdrawal('g')}, 'withdraw_hold',
              jsonb_build_object('cashRequestId', ${n} + g), now() - interval '1 hour' * (g % 200), g
            from generate_series(1, ${n}) g where g % 10 = 1;
            insert into ledger_transfers (idempotency_key, from_account_id, to_account_id, amount, kind, reference, created_at, member_id)
            select 'withdraw-pay:' || (${n} + g), ${held('g')}, ${house('house_payouts', 'g')}, ${withdrawal('g')}, 'withdrawal',
              jsonb_build_object('cashRequestId', ${n} + g, 'decidedBy', 'bench'), now() - interval '1 hour' * (g % 200) + interval '5 minutes', g
            from generate_series(1, ${n}) g where g % 10 = 1 and g % 2000 <> 1`,
    },
    {
      label: 'ledger accounts with balances from the transfers',
      sql: `create temporary table bench_sums as
              select id, sum(amount)::int8 as balance from (
                select to_account_id as id, amount from ledger_transfers
                union all select from_account_id, -amount from ledger_transfers) moves
              group by id;
            create index on bench_sums (id);
            insert into ledger_accounts (id, member_id, kind, shard, balance, currency)
            select 1000 + 4 * g + k, g, (array['cash', 'comp', 'held', 'vault'])[k + 1], 0,
              coalesce((select balance from bench_sums s where s.id = 1000 + 4 * g + k), 0),
              (select currency from sites where is_default)
            from generate_series(1, ${n}) g cross join generate_series(0, 3) k;
            update ledger_accounts a set balance = s.balance from bench_sums s
              where s.id = a.id and a.member_id is null;
            select setval('ledger_accounts_id_seq', (select max(id) from ledger_accounts))`,
    },
    {
      label: 'cash requests',
      sql: `insert into cash_requests (id, member_id, kind, amount, status, client_code, decided_by, decided_at, created_at)
            select g, g, 'deposit', ${deposit('g')}, 'already', 'c' || g, 'bench', m.created_at + interval '1 minute', m.created_at
            from generate_series(1, ${n}) g join members m on m.id = g;
            insert into cash_requests (id, member_id, kind, amount, status, client_code, decided_by, decided_at, created_at)
            select ${n} + g, g, 'withdraw', ${withdrawal('g')}, case when g % 2000 = 1 then 'wait' else 'already' end,
              'w' || g, case when g % 2000 = 1 then null else 'bench' end,
              case when g % 2000 = 1 then null else now() - interval '1 hour' * (g % 200) + interval '5 minutes' end,
              now() - interval '1 hour' * (g % 200)
            from generate_series(1, ${n}) g where g % 10 = 1;
            insert into cash_requests (id, member_id, kind, amount, status, client_code, created_at)
            select 2 * ${n} + g, g, 'deposit', 50000, 'wait', 'p' || g, now() - interval '1 minute' * (g % 600)
            from generate_series(1, ${n}) g where g % 2000 = 3;
            select setval('cash_requests_id_seq', 3 * ${n})`,
    },
    {
      label: 'help tickets (one per two members, one in a thousand waiting)',
      sql: `insert into help_tickets (id, member_id, site_id, kind, title, contents, status, answer, answered_at,
              answered_by, read_at, created_at)
            select g / 2, g, 1, 'help', 'Question ' || g, 'Where is my deposit? Member ' || g,
              case when g % 1000 = 0 then 'wait' else 'already' end,
              case when g % 1000 = 0 then null else 'It has arrived.' end,
              case when g % 1000 = 0 then null else m.created_at + interval '2 hours' end,
              case when g % 1000 = 0 then null else 'bench' end,
              case when g % 4 = 0 then m.created_at + interval '3 hours' end,
              m.created_at + interval '1 hour'
            from generate_series(2, ${n}, 2) g join members m on m.id = g;
            select setval('help_tickets_id_seq', ${Math.floor(n / 2) + 1})`,
    },
    {
      label: 'notes (one per member, broadcasts, level notes) and read receipts',
      sql: `insert into notes (id, target, member_id, level, title, contents, sent_by, created_at)
            select g, 'member', g, null, 'Welcome ' || g, 'Your account is ready.', 'bench', m.created_at + interval '1 minute'
            from generate_series(1, ${n}) g join members m on m.id = g;
            insert into notes (id, target, member_id, level, title, contents, sent_by, created_at)
            select ${n} + g, case when g <= 20 then 'all' else 'level' end, null, case when g > 20 then 1 + g % 5 end,
              'Announcement ' || g, 'News for everyone.', 'bench', now() - interval '10 days' * (25 - g)
            from generate_series(1, 25) g;
            select setval('notes_id_seq', ${n} + 25);
            insert into note_receipts (note_id, member_id, read_at)
            select g, g, now() - interval '1 day' from generate_series(2, ${n}, 2) g`,
    },
    {
      label: 'audit log (one entry per two members)',
      sql: `insert into audit_log (id, at, operator_id, operator_login, action, target, before, after, ip, prev_hash, hash)
            select g, now() - interval '400 days' * ((${n} - g)::float8 / ${n}), 1 + g % 5, 'op' || (1 + g % 5),
              (${actions})[1 + ${mix('g', AUDIT_ACTIONS.length)}], 'member:' || g, null, jsonb_build_object('n', g),
              '10.0.0.9', md5('p' || g) || md5('q' || g), md5('h' || g) || md5('i' || g)
            from generate_series(1, ${Math.floor(n / 2)}) g;
            select setval('audit_log_id_seq', ${Math.floor(n / 2)})`,
    },
    {
      // The dashboard's member debts read these (wallet_debt_figures): a corrected round's debt, half
      // of them written off by an operator, with the debt entries and actions that made them.
      label: 'member debts (one in a hundred members; half of them written off)',
      sql: `insert into wallet_round_debts (provider, round_id, member_id, owed, written_off, opened_at, updated_at)
            select 'bench', 'r' || ((g - 1) * 10 + 1), g, case when g % 200 = 0 then 0 else 5000 end,
              case when g % 200 = 0 then 5000 else 0 end, m.created_at + interval '2 hours', m.created_at + interval '3 hours'
            from generate_series(100, ${n}, 100) g join members m on m.id = g;
            insert into wallet_debts (member_id, amount, updated_at)
            select member_id, owed, updated_at from wallet_round_debts;
            insert into wallet_debt_entries (member_id, amount, provider, round_id, tx_id, created_at)
            select member_id, 5000, provider, round_id, 'correct:' || round_id, opened_at from wallet_round_debts
            union all
            select member_id, -5000, 'backoffice', '', 'bench-write-off:' || member_id, updated_at
            from wallet_round_debts where written_off > 0
            order by 6;
            insert into wallet_debt_actions (key, member_id, kind, amount, owed_before, reason, operator, created_at)
            select 'bench-write-off:' || member_id, member_id, 'write_off', 5000, 5000, 'Bench', 'op1', updated_at
            from wallet_round_debts where written_off > 0`,
    },
    {
      // Never deleted: every sign-in of the five operators over the 400 days, ended.
      label: 'operators and their sessions (one per four members)',
      sql: `insert into operators (login, password_hash, role, totp_secret)
            select 'op' || k, '${passwordHash}', 'cashier', 'JBSWY3DPEHPK3PXP' from generate_series(1, 5) k;
            insert into operator_sessions (token_hash, operator_id, created_at, last_seen_at, expires_at, revoked_at, ip)
            select md5('op' || g) || md5('session' || g), o.id, t, t + interval '4 hours', t + interval '8 hours',
              t + interval '4 hours', '10.0.0.9'
            from generate_series(1, ${Math.floor(n / 4)}) g join operators o on o.login = 'op' || (1 + g % 5)
            cross join lateral (select now() - interval '400 days' * ((${Math.floor(n / 4)} - g)::float8 / ${Math.floor(n / 4)}) as t) x`,
    },
  ];
}

/** Drops the loaded tables' secondary indexes (not those behind constraints) and returns how to rebuild them. */
export async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname = any($1) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [LOADED_TABLES],
  );
  for (const row of rows) await client.query(`drop index ${row.name}`);
  return rows.map((r) => r.def);
}

export { LOADED_TABLES };
