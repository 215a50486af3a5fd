/**
 * @module
 * Entry point of the fraud decision worker.
 */
import { app } from './app'
import type { FraudEnv } from './env'

export { MetricsDO } from './durable-objects/metrics'
export { PolicyDO } from './durable-objects/policy'
export { TransactionDO } from './durable-objects/transaction'

export default { fetch: app.fetch } satisfies ExportedHandler<FraudEnv>
