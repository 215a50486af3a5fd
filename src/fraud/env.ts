/**
 * @module
 * The fraud worker's bindings: generated from wrangler.fraud.toml (`npm run types` writes
 * worker-configuration.d.ts), plus the secrets, which no wrangler file lists. The ingredient worker has its own Env.
 */
import type { AuthVariables } from '../lib/auth'
import type { RequestIdVariables } from '../lib/request-id'
import type { MetricsVariables } from './metrics/events'

/** Secrets set with `wrangler secret put` (absent in development). */
interface FraudSecrets {
  /** Comma-separated client keys. */
  API_KEYS?: string
  /** The operator key for the policy, evidence and metrics endpoints. */
  ADMIN_API_KEY?: string
}

export type FraudEnv = FraudBindings & FraudSecrets

/** The Hono environment of the fraud app. */
export interface FraudApp {
  Bindings: FraudEnv
  Variables: RequestIdVariables & AuthVariables & MetricsVariables
}
