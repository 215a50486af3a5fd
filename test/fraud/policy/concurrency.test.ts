// Policy mutations run one at a time: concurrent reloads and rollbacks keep history, active and the
// version-reuse rule consistent (through the PolicyDO over HTTP, and on a KV paused mid-reload).
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { activateStaged, type PolicyChangeResult } from '../../../src/fraud/policy/lifecycle.ts'
import { createSerialQueue } from '../../../src/fraud/policy/serial.ts'
import { POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { DEFAULT_TENANT } from '../../../src/fraud/model/tenant.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { call } from '../helpers.ts'

type Json = Record<string, unknown>
interface Swap {
  success: boolean
  previous_version: string
  new_version: string
  loaded_at: string
}
interface Stored {
  policy: { version: string; thresholds: { block: number } }
  content_hash: string
}

const reload = () => call('/policy/reload', { method: 'POST' })
const rollback = (version: string) =>
  call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version }) })
const stage = (policy: unknown) => env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(policy))
const stored = (key: string) => env.POLICY.get<Stored>(key, 'json')

/** The bundled default with another version and block threshold: same version + other block = other content. */
function policy(version: string, block = 85): Json {
  return { ...structuredClone(defaultPolicy), version, thresholds: { ...defaultPolicy.thresholds, block } }
}

/** Active and history agree: the active document is in the history under its version, with the same content. */
async function expectConsistent(): Promise<Stored> {
  const active = await stored(POLICY_KEYS.active)
  expect(active).not.toBeNull()
  const copy = await stored(POLICY_KEYS.history(active!.policy.version))
  expect(copy?.content_hash).toBe(active!.content_hash)
  const served = await (await call('/policy/version')).json<{ version: string; thresholds: { block: number } }>()
  expect(served).toMatchObject({ version: active!.policy.version, thresholds: { block: active!.policy.thresholds.block } })
  return active!
}

// One file, one storage: the tests run in order on the policy the previous one left active.
describe('concurrent policy mutations (PolicyDO)', () => {
  it('applies one staged policy once when two reloads race: one swap, the other finds it active', async () => {
    await stage(policy('2026-12-10.1'))
    const bodies = await Promise.all([reload(), reload()].map(async (r) => (await r).json<Swap>()))
    const swaps = bodies.filter((b) => b.previous_version !== b.new_version)
    expect(swaps).toEqual([expect.objectContaining({ success: true, previous_version: defaultPolicy.version, new_version: '2026-12-10.1' })])
    expect(bodies.filter((b) => b.previous_version === b.new_version)).toEqual([
      expect.objectContaining({ success: true, previous_version: '2026-12-10.1', new_version: '2026-12-10.1' }),
    ])
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
    expect((await expectConsistent()).policy.version).toBe('2026-12-10.1')
    expect((await stored(POLICY_KEYS.history(defaultPolicy.version)))?.policy.version).toBe(defaultPolicy.version)
  })

  it('lets exactly one of several operators staging different content under one version win', async () => {
    const contents = [86, 87, 88, 89, 90]
    const responses = await Promise.all(
      contents.map(async (block) => {
        await stage(policy('2026-12-11.1', block))
        return reload()
      }),
    )
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json<Swap & { error?: string }>() })))
    const swaps = bodies.filter((b) => b.status === 200 && b.body.new_version === '2026-12-11.1' && b.body.previous_version !== '2026-12-11.1')
    expect(swaps).toHaveLength(1)
    expect(swaps[0]!.body.previous_version).toBe('2026-12-10.1')
    for (const { status, body } of bodies) {
      // The others found the version taken (422), or their document consumed or replaced before their turn.
      if (status === 200) expect(body.new_version).toBe('2026-12-11.1')
      else expect([status, body.error]).toEqual([422, 'policy_invalid'])
    }
    const active = await expectConsistent()
    expect(active.policy.version).toBe('2026-12-11.1')
    expect(contents).toContain(active.policy.thresholds.block)
    await env.POLICY.delete(POLICY_KEYS.staged)
    // Later, the version stays bound to the content that won.
    const loser = contents.find((block) => block !== active.policy.thresholds.block)!
    await stage(policy('2026-12-11.1', loser))
    expect((await reload()).status).toBe(422)
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it('orders a reload racing a rollback: each one starts from the policy the other left', async () => {
    await stage(policy('2026-12-12.1', 91))
    const [reloaded, rolledBack] = await Promise.all([reload(), rollback('2026-12-10.1')])
    expect([reloaded.status, rolledBack.status]).toEqual([200, 200])
    const a = await reloaded.json<Swap>()
    const b = await rolledBack.json<Swap>()
    expect(a.new_version).toBe('2026-12-12.1')
    expect(b.new_version).toBe('2026-12-10.1')
    // Whichever ran first started from 2026-12-11.1; the second started from the first one's result.
    const [first, second] = a.previous_version === '2026-12-11.1' ? [a, b] : [b, a]
    expect(first.previous_version).toBe('2026-12-11.1')
    expect(second.previous_version).toBe(first.new_version)
    const active = await expectConsistent()
    expect(active.policy.version).toBe(second.new_version)
    for (const version of ['2026-12-10.1', '2026-12-11.1', '2026-12-12.1']) {
      expect((await stored(POLICY_KEYS.history(version)))?.policy.version).toBe(version)
    }
  })

  it('keeps history and active consistent under a burst of mixed reloads and rollbacks', async () => {
    const versions = ['2026-12-10.1', '2026-12-11.1', '2026-12-12.1', defaultPolicy.version]
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? reload() : rollback(versions[i % versions.length]!))),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200))
    const bodies = await Promise.all(responses.map((r) => r.json<Swap>()))
    // Run one at a time, the swaps form a chain: every answer starts from a version some answer ended on.
    const ended = new Set(['2026-12-10.1', ...bodies.map((b) => b.new_version)])
    for (const body of bodies) expect(ended).toContain(body.previous_version)
    await expectConsistent()
  })
})

/** An in-memory KV (the calls the lifecycle makes) that can hold its next write until released. */
function pausableKv() {
  const data = new Map<string, string>()
  let held: { reached: () => void; until: Promise<void> } | undefined
  const kv = {
    async get(key: string, type?: 'json') {
      const value = data.get(key) ?? null
      return value !== null && type === 'json' ? JSON.parse(value) : value
    },
    async put(key: string, value: string) {
      const hold = held
      held = undefined
      if (hold) {
        hold.reached()
        await hold.until
      }
      data.set(key, value)
    },
    async delete(key: string) {
      data.delete(key)
    },
  } as unknown as KVNamespace
  /** Holds the next put; resolves `reached` when a write is waiting, which `release()` lets through. */
  function holdNextWrite() {
    let reached!: () => void
    let release!: () => void
    const reachedP = new Promise<void>((resolve) => (reached = resolve))
    held = { reached, until: new Promise<void>((resolve) => (release = resolve)) }
    return { reached: reachedP, release }
  }
  return { kv, data, holdNextWrite }
}

describe('the interleaving the PolicyDO prevents', () => {
  /**
   * Operator 1 reloads A (version X); while its writes are pending, operator 2 stages A' (version X, other
   * content) and reloads. `run` decides how the two reloads are executed.
   */
  async function twoOperators(run: (task: () => Promise<PolicyChangeResult>) => Promise<PolicyChangeResult>) {
    const { kv, data, holdNextWrite } = pausableKv()
    data.set(POLICY_KEYS.staged, JSON.stringify(policy('2026-12-20.1', 86)))
    const hold = holdNextWrite()
    const first = run(() => activateStaged(kv, DEFAULT_TENANT))
    await hold.reached
    data.set(POLICY_KEYS.staged, JSON.stringify(policy('2026-12-20.1', 95)))
    const second = run(() => activateStaged(kv, DEFAULT_TENANT))
    // Give the second reload every chance to run inside the first one's window (the fake KV answers at
    // once, so 50 ms is plenty), then let the first one finish.
    await Promise.race([second.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 50))])
    hold.release()
    const results = await Promise.allSettled([first, second])
    return { results, active: JSON.parse(data.get(POLICY_KEYS.active) ?? 'null') as Stored | null }
  }

  it('without a queue, both reloads pass the version check and report the same version', async () => {
    const { results } = await twoOperators((task) => task())
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
    const swaps = results.flatMap((r) => (r.status === 'fulfilled' && r.value.ok ? [r.value.swap] : []))
    expect(swaps.map((s) => [s.previous_version, s.new_version])).toEqual([
      [defaultPolicy.version, '2026-12-20.1'],
      [defaultPolicy.version, '2026-12-20.1'],
    ])
  })

  it('with the queue, the second reload sees the first one active and refuses the reused version', async () => {
    const queue = createSerialQueue()
    const { results, active } = await twoOperators((task) => queue.run(task))
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { ok: true, swap: { previous_version: defaultPolicy.version, new_version: '2026-12-20.1' } } })
    // A refusal is a result, not a thrown error: the route turns it into 422 policy_invalid.
    expect(results[1]).toMatchObject({
      status: 'fulfilled',
      value: { ok: false, reason: 'invalid', problems: [{ path: 'version', message: 'version already used for different content' }] },
    })
    expect(active?.policy.thresholds.block).toBe(86)
  })

  it('runs every queued task even after one fails', async () => {
    const queue = createSerialQueue()
    const order: string[] = []
    const failing = queue.run(async () => {
      order.push('a')
      throw new Error('boom')
    })
    const next = queue.run(async () => {
      order.push('b')
      return 'b'
    })
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe('b')
    expect(order).toEqual(['a', 'b'])
  })
})
