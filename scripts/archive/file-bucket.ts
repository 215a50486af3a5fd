/**
 * @module
 * The part of an R2 bucket the archive writer uses (get and a conditional put), on a local folder, so the
 * project's own writer (src/fraud/evidence/archive.ts) writes the benchmark's and the tests' archives
 * byte for byte as the scheduled job writes R2. The ETag is the MD5 of the body, as R2 makes it for a single-part put.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Readable } from 'node:stream'
import { objectFile } from './folder.ts'

export interface StoredObject {
  body: ReadableStream<Uint8Array>
  etag: string
}

export class FileBucket {
  readonly dir: string

  constructor(dir: string) {
    this.dir = dir
  }

  async get(key: string): Promise<StoredObject | null> {
    const bytes = await readFile(objectFile(this.dir, key)).catch(() => null)
    if (bytes === null) return null
    return { body: Readable.toWeb(Readable.from([bytes])) as ReadableStream<Uint8Array>, etag: md5(bytes) }
  }

  async put(key: string, value: ArrayBuffer, options: { onlyIf?: { etagMatches?: string } } = {}): Promise<{ etag: string } | null> {
    const current = await this.get(key)
    if (options.onlyIf?.etagMatches !== undefined && current?.etag !== options.onlyIf.etagMatches) return null
    const bytes = new Uint8Array(value)
    const file = objectFile(this.dir, key)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, bytes)
    return { etag: md5(bytes) }
  }
}

/** The ETag R2 gives a single-part object: the hex MD5 of its bytes. */
export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')
