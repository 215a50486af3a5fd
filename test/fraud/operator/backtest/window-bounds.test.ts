// The second security review's window findings: a backtest or fit window reaching decades back or into the
// future is a 400 before anything is read; a window within bounds lists only the archive's days that exist
// and checks its deadline before every hour, however many empty hours the window spans.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { FraudEnv } from '../../../../src/fraud/env.ts'
import { readBacktestEvidence } from '../../../../src/fraud/operator/backtest/evidence-range.ts'
import { LAST_LOOKBACK_MS } from '../../../../src/fraud/operator/backtest/run.ts'
import { call, decideOk, deliver, post, runScheduled, validBody } from '../../helpers.ts'

const DAY = 86_400_000

const targets = { rates: { friction: 0.05, review: 0.02, block: 0.005 } }

/** An R2 bucket that counts its list calls and their prefixes. */
function countingArchive(): { bucket: R2Bucket; lists: string[] } {
  const lists: string[] = []
  const bucket = new Proxy(env.ARCHIVE, {
    get(target, name) {
      if (name === 'list') {
        return (options?: R2ListOptions) => {
          lists.push(`${options?.prefix ?? ''}${options?.delimiter ? ' (delimited)' : ''}`)
          return target.list(options)
        }
      }
      const value = Reflect.get(target, name) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  return { bucket, lists }
}

describe('backtest and fit windows', () => {
  it.each([
    ['1990 to 2099', { from: '1990-01-01T00:00:00Z', to: '2099-12-31T23:59:59Z' }, 'window'],
    ['2000 to 2099', { from: '2000-01-01T00:00:00Z', to: '2099-12-31T23:59:59Z' }, 'window'],
    ['past the look-back', { from: new Date(Date.now() - LAST_LOOKBACK_MS - DAY).toISOString(), to: new Date().toISOString() }, 'window.from'],
    ['in the future', { from: new Date(Date.now() - DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() }, 'window.to'],
  ])('refuses %s with 400 on backtest and fit, and /health keeps answering', async (_, window, field) => {
    const backtest = await post('/policy/backtest', { staged: true, window })
    expect(backtest.status).toBe(400)
    expect(await backtest.json()).toMatchObject({ error: 'validation_error', details: { field: expect.stringContaining(field) } })
    const fit = await post('/policy/fit', { targets, window, stage: false })
    expect(fit.status).toBe(400)
    expect(await fit.json()).toMatchObject({ error: 'validation_error', details: { field: expect.stringContaining(field) } })
    expect((await call('/health')).status).toBe(200)
  })

  it('accepts a window of the whole look-back', async () => {
    const window = { from: new Date(Date.now() - LAST_LOOKBACK_MS + 60_000).toISOString(), to: new Date().toISOString() }
    const response = await post('/policy/backtest', { policy: { version: 'x' }, window })
    // the window passes; the inline policy is what is refused
    expect(response.status).toBe(422)
  })
})

describe('the evidence reader over a long window', () => {
  it('lists the days that exist, not every day or hour of the window', async () => {
    const from = Date.now() - 80 * DAY
    const decision = await decideOk(validBody())
    const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
    expect(await deliver([record])).toMatchObject({ ackAll: true })
    await runScheduled(Date.now() + 2 * 3_600_000)
    const { bucket, lists } = countingArchive()
    const read = await readBacktestEvidence({ ...env, ARCHIVE: bucket } as FraudEnv, { from, to: Date.now(), limit: 100, deadline: Date.now() + 10_000 })
    expect(read.cut).toBeNull()
    expect(read.records.map((r) => r.evidence_id)).toEqual([decision.evidence_id])
    // one delimited list of the archive's days, then one list per archived day
    expect(lists[0]).toBe('evidence/ (delimited)')
    expect(lists.length).toBeLessThanOrEqual(3)
  })

  it('stops at once on a passed deadline, with the cut said', async () => {
    const read = await readBacktestEvidence(env, { from: Date.now() - 80 * DAY, to: Date.now(), limit: 100, deadline: Date.now() - 1 })
    expect(read.cut).toBe('time')
    expect(read.records).toEqual([])
  })
})
