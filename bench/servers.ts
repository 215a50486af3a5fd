/**
 * @module
 * The built workers under Miniflare with every local binding their wrangler files declare (D1, KV, R2,
 * Queues with the consumer, Durable Objects), in memory, on loopback (BENCH_PORT picks the ports, see
 * benchPort); shared by `npm run bench`, `npm run bench:fraud` and `npm run loadtest`.
 */
import { applyMigrations, benchPort, serveBundle } from './serve-bundle.ts'

/**
 * Serves the fraud bundle with its D1 migrated; `bindings` override the plain variables, `ownSocket` serves
 * the traffic on the worker's own socket (see serveBundle).
 *
 * @example
 * const { mf, url } = await serveFraud(buildBundle('wrangler.fraud.toml', 'dist/bench-fraud'))
 */
export async function serveFraud(scriptPath: string, bindings: Record<string, string> = {}, { ownSocket = false } = {}) {
  const served = await serveBundle({
    scriptPath,
    ownSocket,
    port: benchPort(0),
    bindings: {
      // The switches take exact values only (src/lib/deployment.ts): development, auth off.
      ENVIRONMENT: 'development',
      REQUIRE_AUTH: 'false',
      REPLAY_TTL_SECONDS: '86400',
      POLICY_REFRESH_SECONDS: '30',
      HISTORY_MARGIN_MINUTES: '60',
      EVIDENCE_HASH_KEY: 'benchmark-only-evidence-hash-key',
      ...bindings,
    },
    d1Databases: { DB: 'bench-evidence' },
    kvNamespaces: { POLICY: 'bench-policy' },
    r2Buckets: { ARCHIVE: 'bench-archive' },
    queueProducers: { EVIDENCE_QUEUE: { queueName: 'bench-evidence' } },
    queueConsumers: { 'bench-evidence': { maxBatchSize: 100, maxBatchTimeout: 5, maxRetries: 10 } },
    durableObjects: {
      TRANSACTIONS: { className: 'TransactionDO', useSQLite: true },
      METRICS: { className: 'MetricsDO', useSQLite: true },
      POLICY_CONTROL: { className: 'PolicyDO', useSQLite: true },
      EVIDENCE_STAGING: { className: 'EvidenceStagingDO', useSQLite: true },
    },
  })
  await applyMigrations(served.mf, 'DB')
  return served
}

/**
 * Serves the ingredient bundle with no AI binding (as without a model: /analyze needs none).
 *
 * @example
 * const { mf, url } = await serveIngredient(buildBundle('wrangler.ingredient.toml', 'dist/bench-ingredient'))
 */
export function serveIngredient(scriptPath: string) {
  return serveBundle({
    scriptPath,
    port: benchPort(2),
    // The knowledge base ships as text modules, as wrangler's [[rules]] in wrangler.ingredient.toml say.
    textModuleSuffix: '.kb.txt',
    bindings: {
      ENVIRONMENT: 'development', REQUIRE_AUTH: 'false', CORS_ORIGINS: '*',
      VISION_MODEL: '@cf/meta/llama-4-scout-17b-16e-instruct', TEXT_MODEL: '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
      OCR_MAX_IMAGE_BYTES: '10485760', OCR_TIMEOUT_MS: '25000',
    },
    kvNamespaces: { AI_CACHE: 'bench-ai-cache' },
  })
}

/**
 * Serves bench/control/worker.js: one brand-new Durable Object per request, nothing else.
 *
 * @example
 * const { mf, url } = await serveControl()
 */
export function serveControl() {
  return serveBundle({ scriptPath: 'bench/control/worker.js', port: benchPort(1), durableObjects: { FRESH: { className: 'FreshDO', useSQLite: true } } })
}
