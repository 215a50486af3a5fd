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

export interface FraudEnv extends AuthBindings, RateLimitBindings {
  ENVIRONMENT: string
  REPLAY_TTL_SECONDS: string
  POLICY_REFRESH_SECONDS: string
  DB: D1Database
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
