/**
 * @module
 * The staging table between the queue and R2: written by the consumer, emptied partition by partition by
 * the scheduled job once the partition's records are in R2.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { drizzle } from 'drizzle-orm/d1'
import { partitionOf } from './archive-layout'
import type { EvidenceRecord } from './record'
import type { HistoryRows } from './record'
import { historyStatements } from './repository'
import { archiveStaging, decisions } from './schema'

/** D1 binds at most 100 parameters a statement. */
const MAX_PARAMS = 100

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Stages records and their decision rows in one D1 batch (atomic), both idempotent by id: a redelivered
 * message changes nothing. `more` statements join the same batch (the legacy drain's delete).
 *
 * @example
 * await stageRecords(env.DB, records, rows)
 */
export async function stageRecords(d1: D1Database, records: EvidenceRecord[], rows: HistoryRows[], ...more: BatchItem<'sqlite'>[]): Promise<void> {
  const db = drizzle(d1)
  const staged = records.map((r) => ({ id: r.evidence_id, partition: partitionOf(r.evidence_id) ?? 'invalid', record: JSON.stringify(r) }))
  const queries: BatchItem<'sqlite'>[] = [...chunks(staged, Math.floor(MAX_PARAMS / 3)).map((c) => db.insert(archiveStaging).values(c).onConflictDoNothing()), ...more]
  const statements = [
    ...queries.map((q) => {
      const { sql: text, params } = (q as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL()
      return d1.prepare(text).bind(...params)
    }),
    ...rows.flatMap((row) => historyStatements(d1, row)),
  ]
  if (statements.length === 0) return
  await d1.batch(statements)
}

/** The partitions that have staged records, oldest first. */
export async function stagedPartitions(d1: D1Database): Promise<string[]> {
  const db = drizzle(d1)
  const rows = await db.selectDistinct({ partition: archiveStaging.partition }).from(archiveStaging).orderBy(archiveStaging.partition)
  return rows.map((r) => r.partition)
}

/** Up to `limit` staged records of a partition, in staging order, with the last rowid read. */
export async function stagedRecords(d1: D1Database, partition: string, limit: number): Promise<{ records: EvidenceRecord[]; lastRowid: number }> {
  const db = drizzle(d1)
  const rows = await db
    .select({ rowid: sql<number>`rowid`, record: archiveStaging.record })
    .from(archiveStaging)
    .where(eq(archiveStaging.partition, partition))
    .orderBy(sql`rowid`)
    .limit(limit)
  return { records: rows.map((r) => JSON.parse(r.record) as EvidenceRecord), lastRowid: rows.at(-1)?.rowid ?? 0 }
}

/**
 * After the records are in R2: marks their decision rows archived (only now may the purge delete them)
 * and removes them from staging, in one batch.
 */
export async function markArchived(d1: D1Database, partition: string, lastRowid: number, rowKeys: Uint8Array[]): Promise<void> {
  const db = drizzle(d1)
  const statements = [
    ...chunks(rowKeys, MAX_PARAMS - 1).map((c) =>
      db.update(decisions).set({ archived: 1 }).where(inArray(decisions.id, c.map((k) => Buffer.from(k)))),
    ),
    db.delete(archiveStaging).where(and(eq(archiveStaging.partition, partition), lte(sql`rowid`, lastRowid))),
  ]
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]])
}

/**
 * A staged record by id (it is in D1, on its way to R2), or null.
 *
 * @example
 * await findStaged(env.DB, 'evt_…')
 */
export async function findStaged(d1: D1Database, id: string): Promise<EvidenceRecord | null> {
  const db = drizzle(d1)
  const rows = await db.select({ record: archiveStaging.record }).from(archiveStaging).where(eq(archiveStaging.id, id)).limit(1)
  return rows[0] ? (JSON.parse(rows[0].record) as EvidenceRecord) : null
}
