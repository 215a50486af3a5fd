/**
 * @module
 * The R2 archive: one gzip NDJSON object per partition (hour and shard), rewritten with new records merged
 * in by evidence id, so a redelivered record is stored once and a look-up reads exactly one object.
 */
import { objectKey, partitionOf } from './archive-layout'
import { gzipLines } from './ndjson'
import type { EvidenceRecord } from './record'

async function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Response(stream).arrayBuffer()
}

async function gunzip(body: ReadableStream): Promise<string> {
  return new Response(body.pipeThrough(new DecompressionStream('gzip'))).text()
}

function parseLines(text: string): EvidenceRecord[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as EvidenceRecord)
}

/** Thrown when another writer replaced the partition's object between our read and our write. */
export class ArchiveConflictError extends Error {
  constructor(key: string) {
    super(`archive object ${key} changed while it was being rewritten; the next run retries`)
    this.name = 'ArchiveConflictError'
  }
}

/**
 * Merges records into their partition's object (existing records win: the first archived copy of an id
 * is kept) and returns how many records the object holds. The rewrite is conditional on the object read,
 * so a concurrent writer makes this one fail rather than drop the other's records.
 *
 * @example
 * await archivePartition(env.ARCHIVE, '2026-11-23T08/05', records)
 */
export async function archivePartition(bucket: R2Bucket, partition: string, records: EvidenceRecord[]): Promise<number> {
  const key = objectKey(partition)
  const existing = await bucket.get(key)
  const byId = new Map<string, EvidenceRecord>()
  if (existing) for (const record of parseLines(await gunzip(existing.body))) byId.set(record.evidence_id, record)
  for (const record of records) if (!byId.has(record.evidence_id)) byId.set(record.evidence_id, record)
  const lines = [...byId.values()].sort((a, b) => (a.evidence_id < b.evidence_id ? -1 : 1)).map((r) => JSON.stringify(r))
  const body = await gzip(`${lines.join('\n')}\n`)
  const written = await bucket.put(key, body, {
    httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'gzip' },
    customMetadata: { records: String(lines.length) },
    ...(existing ? { onlyIf: { etagMatches: existing.etag } } : {}),
  })
  if (written === null) throw new ArchiveConflictError(key)
  return lines.length
}

/**
 * One archived record by evidence id (one object read), or null.
 *
 * @example
 * await findArchived(env.ARCHIVE, 'evt_019ab0c1-…')
 */
export async function findArchived(bucket: R2Bucket, id: string): Promise<EvidenceRecord | null> {
  const partition = partitionOf(id)
  if (partition === null) return null
  const object = await bucket.get(objectKey(partition))
  if (!object) return null
  const needle = `"evidence_id":${JSON.stringify(id)}`
  for await (const line of gzipLines(object.body)) {
    if (line.includes(needle)) return JSON.parse(line) as EvidenceRecord
  }
  return null
}

const ID_FIELD = '"evidence_id":"'

/** The evidence id of an NDJSON line without parsing the whole record (ids hold no quotes). */
function idOfLine(line: string): string {
  const start = line.indexOf(ID_FIELD) + ID_FIELD.length
  return line.slice(start, line.indexOf('"', start))
}

/**
 * Up to `limit` archived records of one partition with `lower < evidence_id < upper` (string order, which
 * is time order for v7 ids), in id order. The object is sorted by id, so the read stops at `upper`.
 *
 * @example
 * await archivedBetween(env.ARCHIVE, '2026-11-23T08/05', 'evt_019ab0c1', 'evt_019ab0c2', 100)
 */
export async function archivedBetween(bucket: R2Bucket, partition: string, lower: string, upper: string, limit: number): Promise<EvidenceRecord[]> {
  const object = await bucket.get(objectKey(partition))
  if (!object) return []
  const out: EvidenceRecord[] = []
  for await (const line of gzipLines(object.body)) {
    const id = idOfLine(line)
    if (id <= lower) continue
    if (id >= upper || out.length >= limit) break
    out.push(JSON.parse(line) as EvidenceRecord)
  }
  return out
}
