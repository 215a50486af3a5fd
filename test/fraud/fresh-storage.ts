// Every test file starts from empty stores. The files share one workerd per vitest worker (isolate: false, in
// vitest.config.ts), so after each file this waits until the evidence queue has delivered what the file sent, and
// before each file it empties D1, KV, R2 and the Durable Objects and forgets the isolate's policy caches.
import { abortAllDurableObjects, applyD1Migrations, listDurableObjectIds, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll } from 'vitest'
import worker from '../../src/fraud/index.ts'
import { forgetCachedShadows } from '../../src/fraud/operator/shadow/store.ts'
import { forgetCachedPolicies } from '../../src/fraud/policy/store.ts'
import { forgetStagedIds } from '../../src/fraud/queue.ts'
import { waitFor } from '../support/wait.ts'

/** How many queue batches the worker's consumer is handling now (kept on the handler: this file runs once per test file). */
interface CountedConsumer {
  inFlight: number
}
const COUNTED = Symbol.for('fresh-storage.counted-consumer')

/** Wraps the worker's queue handler, once per isolate, to count the batches it is handling. */
function countedConsumer(): CountedConsumer {
  const handler = worker as typeof worker & { [COUNTED]?: CountedConsumer }
  const existing = handler[COUNTED]
  if (existing) return existing
  const counted: CountedConsumer = { inFlight: 0 }
  const consume = handler.queue
  handler.queue = async (batch, bindings) => {
    counted.inFlight++
    try {
      return await consume(batch, bindings)
    } finally {
      counted.inFlight--
    }
  }
  handler[COUNTED] = counted
  return counted
}
const consumer = countedConsumer()

/** Whether the evidence queue holds no message and its consumer handles no batch. */
async function queueQuiet(): Promise<boolean> {
  const { backlogCount } = await env.EVIDENCE_QUEUE.metrics()
  return backlogCount === 0 && consumer.inFlight === 0
}

// Every send is awaited before its answer, so at the end of a file the queue holds all the file sent. Quiet twice in
// a row: the broker takes a batch off its backlog a moment before the consumer starts on it.
afterAll(() => waitFor('the evidence queue to deliver what this file sent', async () => (await queueQuiet()) && (await queueQuiet())))

/** Deletes every row of every table but the migrations' own record, in one transaction. */
async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'")
    .all<{ name: string }>()
  if (results.length === 0) return
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = on'), ...results.map(({ name }) => db.prepare(`DELETE FROM "${name}"`))])
}

/**
 * Deletes the storage and alarm of every instance of a namespace. (`reset()` of cloudflare:test leaves storage as it
 * is in this runner.) The transactions' objects are left: each test makes its own transaction ids, and their number
 * grows with the suite.
 */
async function emptyObjects<T extends Rpc.DurableObjectBranded>(namespace: DurableObjectNamespace<T>): Promise<void> {
  // One instance at a time: workerd refuses overlapping storage resets.
  for (const id of await listDurableObjectIds(namespace)) await runInDurableObject(namespace.get(id), (_instance, state) => state.storage.deleteAll())
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  for (let page = await kv.list(); ; page = await kv.list({ cursor: page.cursor })) {
    await Promise.all(page.keys.map(({ name }) => kv.delete(name)))
    if (page.list_complete) return
  }
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (let page = await bucket.list(); ; page = await bucket.list({ cursor: page.cursor })) {
    if (page.objects.length > 0) await bucket.delete(page.objects.map(({ key }) => key))
    if (!page.truncated) return
  }
}

await emptyObjects(env.METRICS)
await emptyObjects(env.POLICY_CONTROL)
await emptyObjects(env.EVIDENCE_STAGING)
await emptyObjects(env.EVIDENCE_OUTBOX)
await abortAllDurableObjects()
await Promise.all([applyD1Migrations(env.DB, env.TEST_MIGRATIONS), applyD1Migrations(env.DB_TENANT_SPARE, env.TEST_MIGRATIONS)])
await Promise.all([emptyDatabase(env.DB), emptyDatabase(env.DB_TENANT_SPARE), emptyKv(env.POLICY), emptyBucket(env.ARCHIVE)])
forgetCachedPolicies()
forgetCachedShadows()
forgetStagedIds()
