/**
 * @module
 * Where archive objects are pulled from: R2's S3 API in production, the local R2 of `npm run dev` in development.
 */
export interface ListedObject {
  key: string
  /** Without quotes. */
  etag: string
  size: number
}

export interface ArchiveSource {
  /** Where it reads, for the messages. */
  name: string
  /** Every object under `prefix`. */
  list(prefix: string): AsyncIterable<ListedObject>
  get(key: string): Promise<Uint8Array>
  close(): Promise<void>
}

/** The part of an R2 bucket binding a source reads (the Workers' R2Bucket, as Miniflare gives it). */
export interface R2Like {
  list(options: { prefix: string; cursor?: string }): Promise<{ objects: { key: string; etag: string; size: number }[]; truncated: boolean; cursor?: string }>
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>
}

/**
 * A source over an R2 bucket binding.
 *
 * @example
 * bucketSource(await mf.getR2Bucket('ARCHIVE'), 'local R2', () => mf.dispose())
 */
export function bucketSource(bucket: R2Like, name: string, close: () => Promise<void> = async () => undefined): ArchiveSource {
  return {
    name,
    async *list(prefix) {
      let cursor: string | undefined
      do {
        const page = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) })
        for (const o of page.objects) yield { key: o.key, etag: o.etag.replaceAll('"', ''), size: o.size }
        cursor = page.truncated ? page.cursor : undefined
      } while (cursor)
    },
    async get(key) {
      const object = await bucket.get(key)
      if (!object) throw new Error(`${key} vanished from ${name} while it was being pulled`)
      return new Uint8Array(await object.arrayBuffer())
    },
    close,
  }
}
