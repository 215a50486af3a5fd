/**
 * @module
 * The local R2 of `npm run dev`: Miniflare keeps it under .wrangler/state/v3/r2 (an SQLite index and the object
 * blobs). Miniflare itself opens it, read through its R2 API, rather than the files being read by hand.
 */
import { existsSync } from 'node:fs'
import { openLocalStorage } from '@edge-workers/tools/miniflare'
import { FRAUD_CONFIG } from '@edge-workers/tools/workers'
import { bucketSource, type ArchiveSource, type R2Like } from './source.ts'

/**
 * The archive bucket of the local development state in `state` (default .wrangler/state/v3).
 *
 * @example
 * const source = await devSource()
 */
export async function devSource(state = '.wrangler/state/v3'): Promise<ArchiveSource> {
  if (!existsSync(`${state}/r2`)) throw new Error(`No local R2 under ${state}/r2: run npm run dev, then the archive job (docs/archive.md).`)
  // The stores of wrangler.fraud.toml, where `npm run dev` keeps them.
  const mf = await openLocalStorage(FRAUD_CONFIG, state)
  const bucket = (await mf.getR2Bucket('ARCHIVE')) as unknown as R2Like
  return bucketSource(bucket, `the local R2 (${state}/r2)`, () => mf.dispose())
}
