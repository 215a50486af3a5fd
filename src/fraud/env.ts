/**
 * @module
 * The fraud worker's bindings (wrangler.fraud.toml). The ingredient worker has its own Env.
 */
import type { AuthBindings, AuthVariables } from '../lib/auth'
import type { RateLimitBindings } from '../lib/rate-limit'
import type { RequestIdVariables } from '../lib/request-id'
import type { MetricsDO } from './durable-objects/metrics'
import type { MetricsVariables } from './metrics/events'
import type { PolicyDO } from './durable-objects/policy'
import type { TransactionDO } from './durable-objects/transaction'
import type { HashKeyBindings } from './evidence/hashing'
import type { EvidenceRecord } from './evidence/record'

export interface FraudEnv extends AuthBindings, RateLimitBindings, HashKeyBindings {
  ENVIRONMENT: string
  REPLAY_TTL_SECONDS: string
  POLICY_REFRESH_SECONDS: string
  /** Minutes each D1 history tier is kept beyond the longest window it serves (evidence/retention.ts). */
  HISTORY_MARGIN_MINUTES?: string
  DB: D1Database
  /** The durable buffer between a decision and the archive (consumed by this worker). */
  EVIDENCE_QUEUE: Queue<EvidenceRecord>
  /** The evidence archive: gzip NDJSON per hour and shard. */
  ARCHIVE: R2Bucket
  POLICY: KVNamespace
  TRANSACTIONS: DurableObjectNamespace<TransactionDO>
  METRICS: DurableObjectNamespace<MetricsDO>
  /** Serialises policy reloads and rollbacks (one instance, see durable-objects/policy.ts). */
  POLICY_CONTROL: DurableObjectNamespace<PolicyDO>
}

/** The Hono environment of the fraud app. */
export interface FraudApp {
  Bindings: FraudEnv
  Variables: RequestIdVariables & AuthVariables & MetricsVariables
}
