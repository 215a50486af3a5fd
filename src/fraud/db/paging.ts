/**
 * @module
 * Keyset paging over D1: a page query asks for one row more than the page holds, and that extra row says
 * whether a next page exists, so the last page answers a null cursor and no empty page follows it.
 */

/**
 * The rows of a page fetched with `.limit(limit + 1)`, and the next page's cursor (the last row's, or null).
 *
 * @example
 * const { page, nextCursor } = onePage(await query.limit(limit + 1), limit, (row) => row.id)
 */
export function onePage<Row, Cursor>(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor): { page: Row[]; nextCursor: Cursor | null } {
  const page = rows.slice(0, limit)
  return { page, nextCursor: rows.length > limit && page.length > 0 ? cursorOf(page[page.length - 1]!) : null }
}
