/**
 * @module
 * A table's header row: column headings, numeric ones right-aligned (class `num`), so tables line up alike.
 */
import type { Child } from 'hono/jsx'

/** A heading, or a numeric column's heading. */
export type Column = Child | { num: Child }

const isNumeric = (column: Column): column is { num: Child } => typeof column === 'object' && column !== null && 'num' in column

/**
 * @example
 * <TableHead columns={['Review', { num: 'Amount' }, 'Event']} />
 */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          isNumeric(column) ? (
            <th scope="col" class="num">
              {column.num}
            </th>
          ) : (
            <th scope="col">{column}</th>
          ),
        )}
      </tr>
    </thead>
  )
}
