// The migrations in migrations/ (applied by fresh-storage.ts, as `npm run db:migrate:local` applies them)
// build exactly the tables, columns and indexes src/fraud/db/schema.ts declares: the stores of earlier schemas
// (the first schema's `evidence` table, the D1 `archive_staging` table, `decisions.legacy_id`) are dropped.
import { env } from 'cloudflare:workers'
import { is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../../../src/fraud/db/schema.ts'

/** Every table schema.ts exports. */
const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable))

/** The application's tables, indexes and each table's columns in a D1 database (D1's and SQLite's own left out). */
async function schemaOf(d1: D1Database) {
  const { results } = await d1
    .prepare("SELECT type, name, tbl_name AS tableName FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'")
    .all<{ type: string; name: string; tableName: string }>()
  const columns: Record<string, string[]> = {}
  for (const table of results.filter((r) => r.type === 'table')) {
    const info = await d1.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').bind(table.name).all<{ name: string }>()
    columns[table.name] = info.results.map((c) => c.name).sort()
  }
  // Automatic indexes (primary keys, unique columns) are named sqlite_autoindex_… and left out above.
  const indexes = results.filter((r) => r.type === 'index').map((r) => r.name).sort()
  return { columns, indexes }
}

describe('the migrations', () => {
  it('build the tables, columns and indexes of schema.ts, in the main and a tenant database', async () => {
    const expected = {
      columns: Object.fromEntries(tables.map((t) => [getTableConfig(t).name, getTableConfig(t).columns.map((c) => c.name).sort()])),
      // Declared indexes, and the named unique index drizzle-kit makes for a column's unique().
      indexes: tables
        .flatMap((t) => [...getTableConfig(t).indexes.map((i) => i.config.name), ...getTableConfig(t).columns.filter((c) => c.isUnique).map((c) => c.uniqueName!)])
        .sort(),
    }
    expect(Object.keys(expected.columns).sort()).toEqual(['decisions', 'list_audit', 'list_items', 'outcomes', 'recent_activity', 'reviews', 'rule_snoozes', 'shadow_decisions', 'webhook_attempts', 'webhook_deliveries', 'webhook_endpoints'])
    for (const d1 of [env.DB, env.DB_TENANT_SPARE]) expect(await schemaOf(d1)).toEqual(expected)
  })

  it('drop the evidence stores of earlier schemas (migration 0009)', async () => {
    const drop = env.TEST_MIGRATIONS.find((m) => m.name === '0009_drop_legacy_evidence_tables.sql')!
    expect(drop.queries.map((q) => q.replace('--> statement-breakpoint', '').trim())).toEqual([
      'DROP TABLE `archive_staging`',
      'DROP TABLE `evidence`',
      'ALTER TABLE `decisions` DROP COLUMN `legacy_id`',
    ])
    const { columns, indexes } = await schemaOf(env.DB)
    expect(columns).not.toHaveProperty('evidence')
    expect(columns).not.toHaveProperty('archive_staging')
    expect(columns.decisions).not.toContain('legacy_id')
    expect(indexes.filter((name) => name.startsWith('evidence_') || name.startsWith('archive_staging_'))).toEqual([])
    // Statements naming the dropped column or tables fail.
    await expect(env.DB.prepare('SELECT legacy_id FROM decisions LIMIT 1').all()).rejects.toThrow(/no such column/)
    await expect(env.DB.prepare('SELECT count(*) FROM evidence').all()).rejects.toThrow(/no such table/)
    await expect(env.DB.prepare('SELECT count(*) FROM archive_staging').all()).rejects.toThrow(/no such table/)
  })
})
