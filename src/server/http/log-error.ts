/** Own properties longer than this are cut: a driver error can carry a whole connection object. */
const MAX_FIELD_CHARS = 200;

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The `err` field of every log line: the error's type, message and stack, and only its scalar own
 * properties (a PostgreSQL error's code, detail, constraint). pg-boss and pg attach their client to
 * some errors, which made one line about 5 KB while the database restarted.
 */
export function serializeError(error: Error): SerializedError {
  // pino hands over whatever was logged under `err`: a value that is not an error is kept as it is.
  if (!(error instanceof Error)) return error;
  const message = withoutBoundValues(error.message);
  const kept: SerializedError = {
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key in kept) continue;
    if (typeof value === 'string')
      kept[key] = value.length > MAX_FIELD_CHARS ? `${value.slice(0, MAX_FIELD_CHARS)}…` : value;
    else if (typeof value === 'number' || typeof value === 'boolean') kept[key] = value;
  }
  if (error.cause instanceof Error)
    kept.cause = `${error.cause.constructor.name}: ${withoutBoundValues(error.cause.message)}`;
  return kept;
}

/**
 * Drizzle's query error ends its message with every value bound to the query (`\nparams: …`):
 * password hashes, TOTP secrets, e-mails, bank numbers. The query text (with $1 placeholders) stays.
 */
function withoutBoundValues(message: string): string {
  const cut = message.indexOf('\nparams: ');
  return cut >= 0 && message.startsWith('Failed query: ') ? message.slice(0, cut) : message;
}

export const logSerializers = { err: serializeError };
