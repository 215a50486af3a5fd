/**
 * @module
 * The fraud worker's bindings: generated from wrangler.fraud.toml (`npm run types` writes
 * worker-configuration.d.ts), plus the secrets, which no wrangler file lists. The ingredient worker has its own Env.
 */

/** Secrets set with `wrangler secret put` (absent in development). */
interface FraudSecrets {
  /** Comma-separated client keys. */
  API_KEYS?: string
  /** The operator key for the policy, evidence and metrics endpoints. */
  ADMIN_API_KEY?: string
  /** Comma-separated keys that read /metrics of every tenant and nothing else (Prometheus). */
  METRICS_API_KEYS?: string
  /** The OAuth2 client credentials of the operator's CAMARA endpoint (config.ts, `camara`); read only when CAMARA_BASE_URL is set. */
  CAMARA_CLIENT_ID?: string
  CAMARA_CLIENT_SECRET?: string
}

/** Settings no wrangler environment sets; `npm run dev` passes them with `--var`. */
interface FraudDevSettings {
  /**
   * "true": the scheduled job archives partitions whose hour is still open, so `curl …/__scheduled` archives
   * a decision made a moment ago (later records of that hour merge into the same object on later runs).
   */
  ARCHIVE_OPEN_PARTITIONS?: string
}

/** Settings a deployment adds only when it needs them. */
interface FraudOptionalSettings {
  /** JSON object of tenant id to D1 binding name, for tenants with a database of their own (db/tenant-databases.ts). */
  TENANT_DATABASES?: string
  /** Comma-separated seconds between a failed webhook delivery's attempts (config.ts has the default schedule). */
  WEBHOOK_RETRY_DELAYS_SECONDS?: string
}

export type FraudEnv = FraudBindings & FraudSecrets & FraudDevSettings & FraudOptionalSettings
