/**
 * @module
 * The load test's build of the fraud worker: the worker itself, with a fault switch in front of its D1
 * database and its evidence queue. Only `npm run loadtest` builds this entry (dist/loadtest-fraud); the
 * worker's own entry (src/fraud/index.ts) has no switch, so no deployment can carry one.
 * POST /__faults {"d1": true} makes every D1 call fail as an outage does; {"queue": true} every queue send;
 * false restores them. GET /__faults says what is switched off; GET /__faults/rows?until=MS counts the D1
 * decision rows made until then (the history's catch-up, read past the switch).
 */
import worker, { EvidenceOutboxDO as OutboxBase, EvidenceStagingDO as StagingBase, MetricsDO, PolicyDO, TransactionDO as TransactionBase } from '../../src/fraud/index.ts'
import type { FraudEnv } from '../../src/fraud/env.ts'

/** What is down. One isolate serves the worker and its Durable Objects locally, so one switch reaches both. */
const down = { d1: false, queue: false }

const outage = (what: string) => new Error(`${what}: unavailable (load-test fault switch)`)

/** The database, failing every statement while the switch is on (prepare throws, as a D1 call then rejects). */
function switchedD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      if (property === 'prepare' || property === 'batch' || property === 'exec') {
        return (...args: unknown[]) => {
          if (down.d1) {
            if (property === 'prepare') throw outage('D1_ERROR')
            return Promise.reject(outage('D1_ERROR'))
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      }
      return (value as (...a: unknown[]) => unknown).bind(target)
    },
  })
}

/** The queue producer, refusing every send while the switch is on. */
function switchedQueue(queue: Queue): Queue {
  return new Proxy(queue, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      if (property === 'send' || property === 'sendBatch') {
        return (...args: unknown[]) => (down.queue ? Promise.reject(outage('Queue send failed')) : (value as (...a: unknown[]) => unknown).apply(target, args))
      }
      return (value as (...a: unknown[]) => unknown).bind(target)
    },
  })
}

const switched = new WeakMap<object, FraudEnv>()

/** The bindings with the switch in front of D1 and the queue (one wrapper per bindings object). */
function withSwitch(env: FraudEnv): FraudEnv {
  let wrapped = switched.get(env)
  if (!wrapped) {
    wrapped = { ...env, DB: switchedD1(env.DB), EVIDENCE_QUEUE: switchedQueue(env.EVIDENCE_QUEUE) }
    switched.set(env, wrapped)
  }
  return wrapped
}

async function faultsRoute(request: Request, env: FraudEnv): Promise<Response> {
  const url = new URL(request.url)
  if (url.pathname === '/__faults/rows') {
    const until = Number(url.searchParams.get('until'))
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM decisions WHERE created_at <= ?').bind(until).first<number>('n')
    return Response.json({ rows })
  }
  if (request.method === 'POST') {
    const body = (await request.json()) as Partial<typeof down>
    if (typeof body.d1 === 'boolean') down.d1 = body.d1
    if (typeof body.queue === 'boolean') down.queue = body.queue
  }
  return Response.json(down)
}

// The classes the wrangler file binds, by the same names, each with the switched bindings.
export class TransactionDO extends TransactionBase {
  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, withSwitch(env))
  }
}
export class EvidenceStagingDO extends StagingBase {
  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, withSwitch(env))
  }
}
export class EvidenceOutboxDO extends OutboxBase {
  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, withSwitch(env))
  }
}
export { MetricsDO, PolicyDO }

export default {
  fetch: (request, env, ctx) => (new URL(request.url).pathname.startsWith('/__faults') ? faultsRoute(request, env) : worker.fetch(request, withSwitch(env), ctx)),
  queue: (batch, env) => worker.queue(batch, withSwitch(env)),
  scheduled: (controller, env) => worker.scheduled(controller, withSwitch(env)),
} satisfies ExportedHandler<FraudEnv, unknown>
