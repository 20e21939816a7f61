/**
 * Whether a database error is a unique or primary-key violation: PostgreSQL's 23505, or
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY. Stores turn the
 * ones they expect into their own outcome; the error handler maps any other to 409 `conflict`.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
