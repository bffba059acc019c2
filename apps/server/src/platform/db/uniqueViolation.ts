interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * The name of the unique constraint a failed write broke (Postgres 23505), or null when the
 * error is something else. Drizzle wraps the driver's error, so the cause chain is searched;
 * both node-postgres and PGlite set `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as PgErrorLike | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as PgErrorLike, depth++
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return null;
}
