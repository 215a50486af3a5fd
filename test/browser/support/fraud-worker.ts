/**
 * @module
 * The fraud worker's built bundle under Miniflare (workerd) for the console's browser tests: in-memory D1
 * with the migrations applied, KV, R2, the evidence queue with its consumer, and the Durable Objects, on a
 * free loopback port. Requests to other hosts can be answered by `outbound` (the Access keys, for example).
 */
import type { Miniflare } from 'miniflare'
import { applyMigrations, buildBundle, serveBundle } from '../../../bench/serve-bundle.ts'
import { DOCS_ASSETS } from './servers.ts'

export interface FraudWorker {
  origin: string
  mf: Miniflare
  close(): Promise<void>
}

let bundle: string | undefined

/**
 * Builds the fraud worker once per run and serves it with `vars` over the development settings.
 *
 * @example
 * const worker = await serveFraudWorker({ ENVIRONMENT: 'production', ACCESS_TEAM: 'acme', ACCESS_AUD: 'aud' })
 */
export async function serveFraudWorker(vars: Record<string, string> = {}, outbound?: (request: Request) => Response | Promise<Response>): Promise<FraudWorker> {
  bundle ??= buildBundle('wrangler.fraud.toml', 'dist/browser-fraud')
  const queue = `browser-evidence-${Math.random().toString(36).slice(2, 8)}`
  const { mf, url } = await serveBundle({
    scriptPath: bundle,
    bindings: {
      ENVIRONMENT: 'development',
      REQUIRE_AUTH: 'false',
      REPLAY_TTL_SECONDS: '86400',
      POLICY_REFRESH_SECONDS: '30',
      HISTORY_MARGIN_MINUTES: '60',
      EVIDENCE_HASH_KEY: 'browser-test-evidence-hash-key',
      ACCESS_TEAM: '',
      ACCESS_AUD: '',
      ...vars,
    },
    d1Databases: { DB: 'browser-evidence' },
    kvNamespaces: { POLICY: 'browser-policy' },
    r2Buckets: { ARCHIVE: 'browser-archive' },
    queueProducers: { EVIDENCE_QUEUE: { queueName: queue } },
    // A short batch timeout: reviews open within a second of the decision.
    queueConsumers: { [queue]: { maxBatchSize: 100, maxBatchTimeout: 1 } },
    durableObjects: {
      TRANSACTIONS: { className: 'TransactionDO', useSQLite: true },
      METRICS: { className: 'MetricsDO', useSQLite: true },
      POLICY_CONTROL: { className: 'PolicyDO', useSQLite: true },
      EVIDENCE_STAGING: { className: 'EvidenceStagingDO', useSQLite: true },
    },
    assets: DOCS_ASSETS,
    ...(outbound ? { outboundService: outbound } : {}),
  })
  await applyMigrations(mf, 'DB')
  return { origin: url, mf, close: () => mf.dispose() }
}
