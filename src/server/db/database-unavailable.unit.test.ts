import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from './database-unavailable.ts';

const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: insert into cash_requests ...'), { cause });

describe('a failure that is the database being out of reach', () => {
  it('is recognised through the query wrapper, by code or by message', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(new Error('Client has encountered a connection error and is not queryable')),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('the database system is starting up'))).toBe(true);
  });

  it('is not a constraint violation, a bad statement or a programming error', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(
      false,
    );
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('division by zero'), { code: '22012' }))),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('a failover behind pgbouncer and HAProxy', () => {
  const fatal = (message: string) => Object.assign(new Error(message), { code: '08P01', severity: 'FATAL' });

  it('is unavailable: pgbouncer has no server, or the statement reached a standby', () => {
    for (const message of [
      'server login has been failing, try again later (server_login_retry)',
      'query_wait_timeout',
      'server conn crashed?',
      'pgbouncer cannot connect to server',
    ]) {
      expect(isDatabaseUnavailable(wrapped(fatal(message)))).toBe(true);
    }
    const readOnly = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
      code: '25006',
    });
    expect(isDatabaseUnavailable(wrapped(readOnly))).toBe(true);
  });

  it('is logged by the driver’s own words, not the whole query', () => {
    expect(unavailableReason(wrapped(fatal('query_wait_timeout')))).toBe('08P01 query_wait_timeout');
  });
});
