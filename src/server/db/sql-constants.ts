import {
  CASHBACK_ORPHAN_DAYS,
  DEFAULT_TIME_ZONE,
  HOUSE_SHARDS,
  LIVE_CHANNEL,
  PAYMENT_REVERSAL_PREFIX,
  RUNNING_BET_STATUSES,
} from './constants.ts';

/** A SQL function file generated from constants.ts: its path below src/server, and its text. */
export interface GeneratedSqlFunction {
  path: string;
  text: string;
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * An IMMUTABLE one-expression LANGUAGE sql function: the planner inlines it where it is called, so
 * `house.shard = house_shard(g.member_id)` is planned as the literal expression (an index look-up).
 */
function constantFunction(
  folder: string,
  from: string,
  about: string,
  signature: string,
  returns: string,
  body: string,
): GeneratedSqlFunction {
  const name = signature.slice(0, signature.indexOf('('));
  return {
    path: `${folder}/sql/${name}.sql`,
    text: [
      `-- Generated from ${from} in src/server/db/constants.ts by \`npm run sql:constants\`: edit that, not this file.`,
      `-- ${about}`,
      `CREATE OR REPLACE FUNCTION ${signature} RETURNS ${returns} LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$`,
      `  SELECT ${body}`,
      '$$;',
      '',
    ].join('\n'),
  };
}

/** Every SQL function file generated from constants.ts, beside the module that owns it. */
export function generatedSqlFunctions(): GeneratedSqlFunction[] {
  return [
    constantFunction(
      'modules/ledger',
      'HOUSE_SHARDS',
      'House account rows per house kind (shards 0 to house_shards() - 1), and jackpot pool rows.',
      'house_shards()',
      'int',
      String(HOUSE_SHARDS),
    ),
    constantFunction(
      'modules/ledger',
      'HOUSE_SHARDS',
      "A member's house shard: the row of each house kind their transfers post to (houseShardOf in TypeScript).",
      'house_shard(p_member bigint)',
      'smallint',
      `(p_member % ${HOUSE_SHARDS})::smallint`,
    ),
    constantFunction(
      'modules/sites',
      'DEFAULT_TIME_ZONE',
      'The time zone of a site whose settings name none (site_time_zone).',
      'default_time_zone()',
      'text',
      `${quoted(DEFAULT_TIME_ZONE)}::text`,
    ),
    constantFunction(
      'modules/live',
      'LIVE_CHANNEL',
      'The NOTIFY channel of live updates, which every process LISTENs on (modules/live).',
      'live_channel()',
      'text',
      `${quoted(LIVE_CHANNEL)}::text`,
    ),
    constantFunction(
      'providers/sports',
      'RUNNING_BET_STATUSES',
      'Whether a sports bet in this status is running: its stake still in play on its selections.',
      'sb_bet_running(p_status text)',
      'boolean',
      `p_status IN (${RUNNING_BET_STATUSES.map(quoted).join(', ')})`,
    ),
    constantFunction(
      'modules/games/wallet',
      'PAYMENT_REVERSAL_PREFIX',
      "Whether a debt's provider is a deposit's chargeback (its collection goes back to the house's deposits).",
      'payment_reversal_debt(p_provider text)',
      'boolean',
      `starts_with(p_provider, ${quoted(PAYMENT_REVERSAL_PREFIX)})`,
    ),
    constantFunction(
      'modules/promotions',
      'CASHBACK_ORPHAN_DAYS',
      'How long a round stays open before cashback counts it as an orphan its provider never closed.',
      'cashback_orphan_age()',
      'interval',
      `make_interval(days => ${CASHBACK_ORPHAN_DAYS})`,
    ),
  ];
}
