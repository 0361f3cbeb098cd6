/** A table or column name as an SQL identifier (double-quoted), for SQLite and PostgreSQL. Pure. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
