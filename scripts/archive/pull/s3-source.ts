/**
 * @module
 * The production archive through R2's S3-compatible API (aws4fetch signs the requests, as Cloudflare's R2 docs
 * show), with an R2 access key from the environment: R2_ACCOUNT_ID, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY
 * and R2_BUCKET (default fraud-evidence).
 */
import { AwsClient } from 'aws4fetch'
import { XMLParser } from 'fast-xml-parser'
import type { ArchiveSource, ListedObject } from './source.ts'

interface ListBucketResult {
  ListBucketResult: {
    Contents?: { Key: string; ETag: string; Size: number } | { Key: string; ETag: string; Size: number }[]
    IsTruncated?: boolean
    NextContinuationToken?: string
  }
}

/** The environment variables the production pull needs, or the names of those missing. */
export function s3Settings(env: NodeJS.ProcessEnv): { account: string; keyId: string; secret: string; bucket: string } | { missing: string[] } {
  const names = ['R2_ACCOUNT_ID', 'R2_ACCESS_KEY_ID', 'R2_SECRET_ACCESS_KEY'] as const
  const missing = names.filter((n) => !env[n])
  if (missing.length > 0) return { missing }
  return { account: env.R2_ACCOUNT_ID!, keyId: env.R2_ACCESS_KEY_ID!, secret: env.R2_SECRET_ACCESS_KEY!, bucket: env.R2_BUCKET ?? 'fraud-evidence' }
}

/**
 * A source over the bucket through the S3 API.
 *
 * @example
 * s3Source({ account, keyId, secret, bucket: 'fraud-evidence' })
 */
export function s3Source(settings: { account: string; keyId: string; secret: string; bucket: string }): ArchiveSource {
  const client = new AwsClient({ accessKeyId: settings.keyId, secretAccessKey: settings.secret, service: 's3', region: 'auto' })
  const base = `https://${settings.account}.r2.cloudflarestorage.com/${settings.bucket}`
  const parser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Contents' })
  const fetchOk = async (url: string) => {
    const response = await client.fetch(url)
    if (!response.ok) throw new Error(`R2 answered ${response.status} to ${new URL(url).pathname}: ${(await response.text()).slice(0, 200)}`)
    return response
  }
  return {
    name: `R2 bucket ${settings.bucket}`,
    async *list(prefix): AsyncIterable<ListedObject> {
      let token: string | undefined
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) })
        const page = (parser.parse(await (await fetchOk(`${base}?${query}`)).text()) as ListBucketResult).ListBucketResult
        const contents = page.Contents === undefined ? [] : Array.isArray(page.Contents) ? page.Contents : [page.Contents]
        for (const o of contents) yield { key: o.Key, etag: String(o.ETag).replaceAll('"', ''), size: Number(o.Size) }
        token = String(page.IsTruncated) === 'true' ? page.NextContinuationToken : undefined
      } while (token)
    },
    async get(key) {
      return new Uint8Array(await (await fetchOk(`${base}/${key.split('/').map(encodeURIComponent).join('/')}`)).arrayBuffer())
    },
    close: async () => undefined,
  }
}
