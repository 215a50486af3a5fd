/**
 * @module
 * The fraud worker's built bundle under Miniflare (workerd) for the console's browser tests, with the bindings
 * of wrangler.fraud.toml (the tools' harness: D1 migrated, KV, R2, the evidence queue with its consumer, the
 * Durable Objects, /docs' assets), in memory, on a free loopback port. Requests to other hosts can be
 * answered by `outbound` (the Access keys, for example).
 */
import type { Miniflare } from 'miniflare'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { FRAUD_CONFIG, serveFraud } from '@edge-workers/tools/workers'

export interface FraudWorker {
  origin: string
  mf: Miniflare
  close(): Promise<void>
}

let bundle: string | undefined

/**
 * Builds the fraud worker once per run and serves it with `vars` over the wrangler file's development [vars].
 *
 * @example
 * const worker = await serveFraudWorker({ ENVIRONMENT: 'production', ACCESS_TEAM: 'acme', ACCESS_AUD: 'aud' })
 */
export async function serveFraudWorker(vars: Record<string, string> = {}, outbound?: (request: Request) => Response | Promise<Response>): Promise<FraudWorker> {
  bundle ??= buildBundle(FRAUD_CONFIG, 'dist/browser-fraud')
  const { mf, url } = await serveFraud(bundle, {
    vars: { EVIDENCE_HASH_KEY: 'browser-test-evidence-hash-key', ...vars },
    // A short batch timeout: reviews open within a second of the decision.
    queueBatchTimeout: 1,
    ...(outbound ? { outboundService: outbound } : {}),
  })
  return { origin: url, mf, close: () => mf.dispose() }
}
