// The fraud tests see the fraud worker's bindings and exports, plus the migrations the vitest config provides.
import type { D1Migration } from 'cloudflare:test'
import type { FraudEnv } from '../../src/fraud/env'
import type * as worker from '../../src/fraud/index'

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof worker
      durableNamespaces: 'TransactionDO' | 'MetricsDO' | 'PolicyDO' | 'EvidenceStagingDO'
    }
    interface Env extends FraudEnv {
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}
