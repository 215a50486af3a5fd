/**
 * @module
 * The R2 archive: one gzip NDJSON object per partition (hour and shard), sorted by evidence id and
 * rewritten with new records merged in by id, so a redelivered record is stored once and a look-up reads
 * exactly one object. The rewrite streams: it holds the compressed object, never the records.
 */
import { objectKey, partitionOf } from './archive-layout.ts'
import { gzipLines } from './ndjson.ts'
import type { EvidenceRecord } from './record.ts'

/** A staged record as its id and its NDJSON line (the record's JSON, as staged). */
export interface StagedLine {
  id: string
  line: string
}

/** Thrown when another writer replaced the partition's object between our read and our write. */
export class ArchiveConflictError extends Error {
  constructor(key: string) {
    super(`archive object ${key} changed while it was being rewritten; the next run retries`)
    this.name = 'ArchiveConflictError'
  }
}

const ID_FIELD = '"evidence_id":"'
const encoder = new TextEncoder()

/** The evidence id of an NDJSON line without parsing the whole record (ids hold no quotes). */
export function idOfLine(line: string): string {
  const start = line.indexOf(ID_FIELD) + ID_FIELD.length
  return line.slice(start, line.indexOf('"', start))
}

/**
 * Merges staged lines (in id order) into their partition's object, which stays sorted by id; an id
 * already archived keeps its first archived copy. Returns how many records the object holds. The rewrite
 * is conditional on the object read, so a concurrent writer makes this one fail rather than drop the
 * other's records. With no staged line, nothing is written and 0 returned.
 *
 * @example
 * await archivePartition(env.ARCHIVE, '2026-11-23T08/05', pagesOfStagedLines)
 */
export async function archivePartition(bucket: R2Bucket, partition: string, staged: AsyncIterable<StagedLine>): Promise<number> {
  const fresh = staged[Symbol.asyncIterator]()
  let n = await fresh.next()
  // Nothing new: the object stays as it is.
  if (n.done) return 0
  const key = objectKey(partition)
  const existing = await bucket.get(key)
  const gzip = new CompressionStream('gzip')
  const writer = gzip.writable.getWriter()
  const compressed = new Response(gzip.readable).arrayBuffer()
  let count = 0
  const emit = async (line: string) => {
    await writer.write(encoder.encode(`${line}\n`))
    count += 1
  }
  const old = existing ? gzipLines(existing.body) : null
  let o = old ? await old.next() : ({ done: true, value: undefined } as const)
  while (!o.done || !n.done) {
    if (!o.done && (n.done || idOfLine(o.value) <= n.value.id)) {
      if (!n.done && idOfLine(o.value) === n.value.id) n = await fresh.next()
      await emit(o.value)
      o = await old!.next()
    } else if (!n.done) {
      await emit(n.value.line)
      n = await fresh.next()
    }
  }
  await writer.close()
  const written = await bucket.put(key, await compressed, {
    httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'gzip' },
    customMetadata: { records: String(count) },
    ...(existing ? { onlyIf: { etagMatches: existing.etag } } : {}),
  })
  if (written === null) throw new ArchiveConflictError(key)
  return count
}

/**
 * One archived record by evidence id (one object read, stopped at the record), or null.
 *
 * @example
 * await findArchived(env.ARCHIVE, 'evt_019ab0c1-…')
 */
export async function findArchived(bucket: R2Bucket, id: string): Promise<EvidenceRecord | null> {
  const partition = partitionOf(id)
  if (partition === null) return null
  const object = await bucket.get(objectKey(partition))
  if (!object) return null
  for await (const line of gzipLines(object.body)) {
    const lineId = idOfLine(line)
    if (lineId === id) return JSON.parse(line) as EvidenceRecord
    // Sorted by id: past it, it is not there.
    if (lineId > id) break
  }
  return null
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
