/**
 * @module
 * Entry point of the fraud decision worker: HTTP, the evidence queue's consumer, and the scheduled job.
 */
import { app } from './app'
import type { FraudEnv } from './env'
import { consumeEvidence } from './queue'
import { runMaintenance } from './evidence/maintenance'

export { EvidenceStagingDO } from './evidence/staging-do'
export { MetricsDO } from './metrics/metrics-do'
export { PolicyDO } from './policy/policy-do'
export { TransactionDO } from './decide/transaction-do'

export default {
  fetch: app.fetch,
  queue: (batch, env) => consumeEvidence(batch, env),
  scheduled: async (controller, env) => {
    await runMaintenance(env, controller.scheduledTime)
  },
} satisfies ExportedHandler<FraudEnv, unknown>
