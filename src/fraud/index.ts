/**
 * @module
 * Entry point of the fraud decision worker: HTTP, the evidence queue's consumer, and the scheduled job.
 */
import { app } from './app'
import type { FraudEnv } from './env'
import { consumeEvidence } from './evidence/consumer'
import { runMaintenance } from './evidence/maintenance'

export { EvidenceStagingDO } from './durable-objects/evidence-staging'
export { MetricsDO } from './durable-objects/metrics'
export { PolicyDO } from './durable-objects/policy'
export { TransactionDO } from './durable-objects/transaction'

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeEvidence(batch, env),
  scheduled: async (controller, env) => {
    await runMaintenance(env, controller.scheduledTime)
  },
} satisfies ExportedHandler<FraudEnv, unknown>
