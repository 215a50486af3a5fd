// npm run archive:query -- --dir DIR "<SQL>": runs SQL over a pulled archive folder with the views decisions,
// signals and outcomes (docs/archive.md), and prints the answer as a table (--json: one JSON object a row).
import { parseArgs } from 'node:util'
import { openArchive } from './views.ts'

const USAGE = 'Usage: npm run archive:query -- --dir DIR [--json] "<SQL>"'
const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } })
if (values.help || values.dir === undefined || positionals.length !== 1) {
  console.error(USAGE)
  process.exit(values.help ? 0 : 2)
}
try {
  const db = await openArchive(values.dir)
  const rows = (await db.runAndReadAll(positionals[0]!)).getRowObjectsJson()
  if (values.json) for (const row of rows) console.log(JSON.stringify(row))
  else console.table(rows)
} catch (err) {
  // DuckDB's message names the SQL problem (a column, a syntax error): the analyst's own query.
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
}
