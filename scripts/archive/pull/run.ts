/**
 * @module
 * Copies the archive objects of a time range into a local folder with the archive's own layout, skipping an
 * object already there with the same ETag, then brings the labels of the range and the policy documents the
 * records name from the admin API.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { etagsFile, keyInRange, objectFile, outcomesFile, policyFile } from '../folder.ts'
import { openArchive } from '../views.ts'
import { outcomesOf, policyDocument, type AdminApi } from './admin-api.ts'
import type { ArchiveSource, ListedObject } from './source.ts'

export interface PullInput {
  source: ArchiveSource
  dir: string
  from: number
  to: number
  /** The admin API for labels and policies; absent: the objects only. */
  api?: AdminApi
  /** Called as objects are listed (total) and copied or skipped (done). */
  progress?: (event: { total: number; done: number; bytes: number }) => void
}

export interface PullSummary {
  listed: number
  copied: number
  skipped: number
  bytes: number
  outcomes: number | null
  policies: string[]
}

/** Objects copied at once: R2 answers each in tens of milliseconds, so a few in flight keep the line busy. */
const PARALLEL = 8

/** Writes through a temporary file, so an interrupted pull never leaves half an object under its key. */
async function writeAtomic(file: string, bytes: Uint8Array | string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(`${file}.part`, bytes)
  await rename(`${file}.part`, file)
}

/**
 * Pulls [from, to] of `source` into `dir`.
 *
 * @example
 * await pullArchive({ source: await devSource(), dir: 'archive', from: 0, to: Date.now(), api: { url: 'http://localhost:8788', tenant: 'default' } })
 */
export async function pullArchive(input: PullInput): Promise<PullSummary> {
  const { source, dir } = input
  const etags: Record<string, string> = existsSync(etagsFile(dir)) ? (JSON.parse(await readFile(etagsFile(dir), 'utf8')) as Record<string, string>) : {}
  const wanted: ListedObject[] = []
  for await (const object of source.list('evidence/')) if (keyInRange(object.key, input.from, input.to)) wanted.push(object)
  const summary: PullSummary = { listed: wanted.length, copied: 0, skipped: 0, bytes: 0, outcomes: null, policies: [] }
  const report = () => input.progress?.({ total: wanted.length, done: summary.copied + summary.skipped, bytes: summary.bytes })
  report()
  const queue = [...wanted]
  const copyNext = async (): Promise<void> => {
    for (let object = queue.shift(); object; object = queue.shift()) {
      const file = objectFile(dir, object.key)
      if (etags[object.key] === object.etag && existsSync(file)) summary.skipped += 1
      else {
        const bytes = await source.get(object.key)
        await writeAtomic(file, bytes)
        etags[object.key] = object.etag
        summary.copied += 1
        summary.bytes += bytes.length
      }
      report()
    }
  }
  try {
    await Promise.all(Array.from({ length: PARALLEL }, copyNext))
  } finally {
    // What was copied stays known even when a later object failed: the next pull resumes there.
    await writeAtomic(etagsFile(dir), JSON.stringify(etags, null, 1))
  }
  if (!input.api) return summary

  const lines: string[] = []
  for await (const outcome of outcomesOf(input.api, input.from, input.to)) lines.push(JSON.stringify(outcome))
  await writeAtomic(outcomesFile(dir), lines.length === 0 ? '' : `${lines.join('\n')}\n`)
  summary.outcomes = lines.length

  const db = await openArchive(dir)
  const rows = await db.runAndReadAll(`SELECT DISTINCT policy_version AS v FROM decisions WHERE policy_version IS NOT NULL`)
  db.closeSync()
  for (const version of [...rows.getRowObjectsJson().map((r) => String(r.v)), 'staged']) {
    const document = await policyDocument(input.api, version)
    if (document === null) continue
    await writeAtomic(policyFile(dir, version), JSON.stringify(document, null, 2))
    summary.policies.push(version)
  }
  return summary
}
