/**
 * @module
 * Entry point of the fraud decision worker: HTTP, the consumers of its three queues (evidence, webhooks and
 * the webhooks' dead letters), and the scheduled job.
 */
import { app } from './app.ts'
import type { FraudEnv } from './env.ts'
import { consumeEvidence } from './queue.ts'
import { runMaintenance } from './evidence/maintenance.ts'
import { consumeDeadWebhooks, consumeWebhooks } from './webhooks/deliver.ts'

export { EvidenceOutboxDO } from './evidence/outbox-do.ts'
export { EvidenceStagingDO } from './evidence/staging-do.ts'
export { MetricsDO } from './metrics/metrics-do.ts'
export { PolicyDO } from './policy/policy-do.ts'
export { TransactionDO } from './decide/transaction-do.ts'

export default {
  fetch: app.fetch,
  queue: (batch, env) => {
    switch (batch.queue) {
      case 'fraud-webhooks':
        return consumeWebhooks(batch, env)
      case 'fraud-webhooks-dlq':
        return consumeDeadWebhooks(batch, env)
      default:
        return consumeEvidence(batch, env)
    }
  },
  scheduled: async (controller, env) => {
    await runMaintenance(env, controller.scheduledTime)
  },
} satisfies ExportedHandler<FraudEnv, unknown>
