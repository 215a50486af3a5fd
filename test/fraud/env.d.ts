// The fraud tests see the fraud worker's bindings and exports (src/fraud/worker-configuration.d.ts declares
// them for cloudflare:test), plus the migrations the vitest config provides.
import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
      // A second database for TENANT_DATABASES (vitest.config.ts).
      DB_TENANT_SPARE: D1Database
    }
  }
}

// The local webhook receiver's URL, provided by test/support/webhook-receiver.ts (a vitest globalSetup).
declare module 'vitest' {
  export interface ProvidedContext {
    webhookReceiverUrl: string
  }
}
