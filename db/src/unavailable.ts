// "The database is away" in one place (issue 24): an error that says PostgreSQL could not be
// reached or dropped the connection — a restart, a failover, a network cut — as opposed to an
// error of the statement itself (a constraint, a syntax error, a serialization failure). The web
// answers these with a 503 and a pt-BR "try again" instead of a 500, readiness reports them, and
// loops log them as a warning and try again on their next pass (docs/operations.md, "PostgreSQL
// away").

/** SQLSTATE codes that mean the server is going away or not accepting connections yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop/restart -m fast, pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed, this one was told to leave
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

/** Node socket errors on a connection to PostgreSQL. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when the socket closes or the pool cannot get a connection in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // "…unexpectedly", "…due to connection timeout"
  /^timeout exceeded when trying to connect/i, // pg-pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /the database system is (shutting down|starting up|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

const MAX_DEPTH = 5;

function check(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  // An AggregateError (a connection refused on both 127.0.0.1 and ::1) or a wrapped cause.
  if (Array.isArray(errors) && errors.some((inner) => check(inner, depth + 1))) return true;
  return check(cause, depth + 1);
}

/**
 * True when `error` (or its cause) means PostgreSQL is unreachable or dropped the connection:
 * SQLSTATE 57P01/57P02/57P03/53300 or class 08, a refused/reset socket, node-postgres's
 * "Connection terminated…", or the pool's connect timeout. Statement errors are false.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return check(error, 0);
}
