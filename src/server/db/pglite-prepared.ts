import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, through its wire-protocol API. `PGlite.query` parses,
 * plans and describes every call as the unnamed statement, which costs more than running the
 * hot routes' statements; here a statement is parsed once per instance, and each call is one
 * Bind/Describe/Execute/Sync round trip, so PostgreSQL's plan cache applies as it does on a server.
 */

const { serialize } = protocol;

interface Prepared {
  text: string;
  /** Parameter type oids from Describe, to serialise values as `PGlite.query` does. */
  paramTypes: number[];
}

/** Statements prepared on each instance (a reopened database starts empty). */
const preparedOn = new WeakMap<PGlite, Map<string, Prepared>>();

/**
 * Errors after which the statement is prepared afresh and the call tried once more (a failed
 * statement changed nothing): it is gone (DEALLOCATE or DISCARD ran), or DDL changed its result.
 */
function needsPreparing(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && message === 'cached plan must not change result type');
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function prepare(client: PGlite, name: string, text: string): Promise<Prepared> {
  // Close first: a statement of this name left on the server (say, from before a retry) is replaced.
  const messages = await client.execProtocolStream(
    concat([
      serialize.close({ type: 'S', name }),
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return { text, paramTypes: parse.parseDescribeStatementResults(messages) };
}

async function execute<T>(
  client: PGlite,
  name: string,
  statement: Prepared,
  values: unknown[],
): Promise<T[]> {
  const params = values.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[statement.paramTypes[i] ?? 0];
    return serializer ? serializer(value) : String(value);
  });
  // The stream form parses the replies as they come instead of also keeping a copy of the raw bytes.
  const messages = await client.execProtocolStream(
    concat([
      serialize.bind({ statement: name, values: params }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
  return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
}

/**
 * Runs `text` as the named statement `name`, as node-postgres does with `{ name, text, values }`:
 * one name is one statement text. Waits for any open transaction, like `PGlite.query` does.
 */
export function pgliteNamedRows<T>(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      await client._checkReady();
      const statements = preparedOn.get(client) ?? new Map<string, Prepared>();
      preparedOn.set(client, statements);
      let statement = statements.get(name);
      if (statement && statement.text !== text) {
        throw new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
      }
      try {
        statement ??= await prepare(client, name, text);
        statements.set(name, statement);
        try {
          return await execute<T>(client, name, statement, values);
        } catch (error) {
          if (!needsPreparing(error)) throw error;
          statements.delete(name);
          statement = await prepare(client, name, text);
          statements.set(name, statement);
          return await execute<T>(client, name, statement, values);
        }
      } catch (error) {
        // As PGlite.query does: the failing statement travels with its error.
        Object.assign(error as object, { query: text, params: values });
        throw error;
      }
    }),
  );
}
