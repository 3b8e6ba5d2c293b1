-- Whether a member's own limits refuse a deposit (p_what 'deposit') or a stake (p_what 'bet': the loss,
-- wager and session time limits) of p_amount now: null when allowed, else the refusal
-- {status 'limit', limit, period, amount (the limit), used, resetsAt}. Used by wallet_bet and by the
-- cashier, inside the transaction that accepts the money.
--
-- Exact under concurrency: when the member has a limit of that kind, today's member_play_days row is
-- locked first, so checks of one member run one at a time until their transaction ends (the stake or
-- deposit is added to that row in the same transaction). Fast: the limits are read by their primary
-- key, and a month's totals are at most 31 rows of member_play_days by its primary key (a day or two
-- more in the period a change of the site's zone happened in, play_period_days).
-- Allowed exactly up to the limit: used + amount = limit passes, one more minor unit is refused.
CREATE OR REPLACE FUNCTION protection_limit_refusal(
  p_member bigint, p_what text, p_amount bigint, p_session_started timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_kinds text[] := CASE WHEN p_what = 'deposit' THEN ARRAY['deposit'] ELSE ARRAY['loss', 'wager', 'session'] END;
  d record;
  v_tz text;
  v_local timestamp;
  v_today date;
  lim record;
  t record;
  v_start timestamp;
  v_used bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM protection_limits WHERE member_id = p_member AND kind = ANY (v_kinds)) THEN
    RETURN NULL;
  END IF;
  -- The day rows each period counts (play_period_days: across a change of the site's zone, those of
  -- every zone it was in during the period).
  SELECT * INTO d FROM play_period_days(p_member);
  v_tz := d.tz;
  v_local := d.local_now;
  v_today := v_local::date;
  INSERT INTO member_play_days (member_id, day) VALUES (p_member, v_today) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM member_play_days WHERE member_id = p_member AND day = v_today FOR NO KEY UPDATE;
  SELECT
    coalesce(sum(deposits) FILTER (WHERE day BETWEEN d.day_from AND d.day_to), 0) AS deposit_day,
    coalesce(sum(deposits) FILTER (WHERE day BETWEEN d.week_from AND d.week_to), 0) AS deposit_week,
    coalesce(sum(deposits) FILTER (WHERE day BETWEEN d.month_from AND d.month_to), 0) AS deposit_month,
    coalesce(sum(stakes) FILTER (WHERE day BETWEEN d.day_from AND d.day_to), 0) AS wager_day,
    coalesce(sum(stakes) FILTER (WHERE day BETWEEN d.week_from AND d.week_to), 0) AS wager_week,
    coalesce(sum(stakes) FILTER (WHERE day BETWEEN d.month_from AND d.month_to), 0) AS wager_month,
    coalesce(sum(stakes - wins) FILTER (WHERE day BETWEEN d.day_from AND d.day_to), 0) AS loss_day,
    coalesce(sum(stakes - wins) FILTER (WHERE day BETWEEN d.week_from AND d.week_to), 0) AS loss_week,
    coalesce(sum(stakes - wins) FILTER (WHERE day BETWEEN d.month_from AND d.month_to), 0) AS loss_month
  INTO t
  FROM member_play_days
  WHERE member_id = p_member AND day BETWEEN least(d.day_from, d.week_from, d.month_from)
                                         AND greatest(d.day_to, d.week_to, d.month_to);
  FOR lim IN
    SELECT kind, period, amount FROM protection_limits
    WHERE member_id = p_member AND kind = ANY (v_kinds)
    ORDER BY array_position(ARRAY['session', 'day', 'week', 'month'], period), kind
  LOOP
    IF lim.kind = 'session' THEN
      IF p_session_started IS NOT NULL AND now() >= p_session_started + lim.amount * interval '1 minute' THEN
        RETURN jsonb_build_object('status', 'limit', 'message', 'the session time limit is reached',
          'limit', 'session', 'period', 'session', 'amount', lim.amount,
          'used', floor(extract(epoch FROM now() - p_session_started) / 60)::bigint, 'resetsAt', NULL);
      END IF;
      CONTINUE;
    END IF;
    v_used := CASE lim.kind || ':' || lim.period
      WHEN 'deposit:day' THEN t.deposit_day WHEN 'deposit:week' THEN t.deposit_week WHEN 'deposit:month' THEN t.deposit_month
      WHEN 'wager:day' THEN t.wager_day WHEN 'wager:week' THEN t.wager_week WHEN 'wager:month' THEN t.wager_month
      WHEN 'loss:day' THEN t.loss_day WHEN 'loss:week' THEN t.loss_week ELSE t.loss_month END;
    IF v_used + p_amount > lim.amount THEN
      v_start := date_trunc(lim.period, v_local);
      RETURN jsonb_build_object('status', 'limit',
        'message', format('the %s %s limit is reached', lim.period, lim.kind),
        'limit', lim.kind, 'period', lim.period, 'amount', lim.amount, 'used', v_used,
        'periodStart', to_char(v_start, 'YYYY-MM-DD'),
        'resetsAt', to_char((v_start + ('1 ' || lim.period)::interval) AT TIME ZONE v_tz AT TIME ZONE 'UTC',
                            'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
