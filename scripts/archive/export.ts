// npm run archive:export -- --dir DIR [--out DIR/export] --format parquet: writes the views decisions, signals
// and outcomes of a pulled archive folder as Parquet files (zstd), for BI tools.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { literal, openArchive } from './views.ts'

const USAGE = 'Usage: npm run archive:export -- --dir DIR [--out DIR/export] --format parquet'
const { values } = parseArgs({ options: { dir: { type: 'string' }, out: { type: 'string' }, format: { type: 'string', default: 'parquet' }, help: { type: 'boolean', default: false } } })
if (values.help || values.dir === undefined || values.format !== 'parquet') {
  console.error(values.format !== 'parquet' ? `Unknown --format ${values.format}: parquet is the one format written.\n${USAGE}` : USAGE)
  process.exit(values.help ? 0 : 2)
}
const out = values.out ?? join(values.dir, 'export')
await mkdir(out, { recursive: true })
const db = await openArchive(values.dir)
for (const view of ['decisions', 'signals', 'outcomes']) {
  const file = join(out, `${view}.parquet`)
  const started = performance.now()
  await db.run(`COPY (SELECT * FROM ${view}) TO ${literal(file)} (FORMAT parquet, COMPRESSION zstd)`)
  const rows = (await db.runAndReadAll(`SELECT count(*) AS n FROM read_parquet(${literal(file)})`)).getRowObjectsJson()[0]?.n
  console.log(`${file}: ${rows} rows (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}
