/**
 * @module
 * The archive objects of a pulled folder within a time range, by key, with their sizes.
 */
import { readdir, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { keyInRange } from './folder.ts'

export interface LocalObject {
  key: string
  file: string
  bytes: number
}

/**
 * The folder's archive objects whose hour overlaps [from, to], in key order.
 *
 * @example
 * await localObjects('archive', 0, Date.now())
 */
export async function localObjects(dir: string, from: number, to: number): Promise<LocalObject[]> {
  const root = join(dir, 'evidence')
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[])
  const out: LocalObject[] = []
  for (const entry of entries.sort()) {
    if (!entry.endsWith('.ndjson.gz')) continue
    const file = join(root, entry)
    const key = relative(dir, file).split(sep).join('/')
    if (keyInRange(key, from, to)) out.push({ key, file, bytes: (await stat(file)).size })
  }
  return out
}
