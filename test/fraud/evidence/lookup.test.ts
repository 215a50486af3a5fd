// Evidence look-ups (src/fraud/evidence/lookup.ts): whichever store holds the record (the transaction's
// Durable Object, staging, the R2 archive), D1 is read once, from `decisions`, and never from a table of an
// earlier schema.
import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { objectKey, partitionOf } from '../../../src/fraud/evidence/archive-layout.ts'
import { isEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import { findEvidence } from '../../../src/fraud/evidence/lookup.ts'
import { stagingShardName } from '../../../src/fraud/evidence/staging-do.ts'
import { DEFAULT_TENANT } from '../../../src/fraud/model/tenant.ts'
import { call, decideOk, deliver, runScheduled, validBody } from '../helpers.ts'

/** env.DB with every statement it prepares recorded (drizzle prepares each statement it runs). */
function recordingD1(): { d1: D1Database; statements: string[] } {
  const statements: string[] = []
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (query: string) => {
          statements.push(query)
          return target.prepare(query)
        }
      }
      const value: unknown = Reflect.get(target, prop)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
  return { d1, statements }
}

/** A decision, and its record as the transaction's Durable Object queued it. */
async function decided() {
  const body = validBody()
  const decision = await decideOk(body)
  const record = await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id)
  if (!record) throw new Error('the Durable Object holds no evidence')
  return { body, decision, record }
}

/** The default tenant's record by id (findEvidence, what GET /evidence/{id} and the console call), with the D1 statements it prepared. */
async function lookUp(id: string) {
  const { d1, statements } = recordingD1()
  const record = await findEvidence({ ...env, DB: d1 }, id, DEFAULT_TENANT)
  return { record, statements }
}

/** One statement, a read of `decisions` by its key, naming no table of an earlier schema. */
function expectOneDecisionsRead(statements: string[]) {
  expect(statements).toHaveLength(1)
  expect(statements[0]).toMatch(/^select .* from "decisions" where .*"decisions"\."id" = \?/i)
  expect(statements[0]).not.toMatch(/"evidence"|archive_staging|legacy_id/)
}

describe('evidence look-ups', () => {
  it('read D1 once, from decisions, for a record still in its Durable Object, then staged, then archived', async () => {
    const { body, decision, record } = await decided()

    // In the Durable Object (the queue has not delivered it yet).
    let found = await lookUp(decision.evidence_id)
    expect(found.record).toEqual(record)
    expectOneDecisionsRead(found.statements)

    // Staged by the queue consumer, and forgotten by the Durable Object.
    await deliver([record])
    expect(await env.EVIDENCE_STAGING.getByName(stagingShardName(record.evidence_id)).find(record.evidence_id)).toEqual(record)
    expect(await runDurableObjectAlarm(env.TRANSACTIONS.getByName(body.transaction_id as string))).toBe(true)
    found = await lookUp(decision.evidence_id)
    expect(found.record).toEqual(record)
    expectOneDecisionsRead(found.statements)

    // Archived to R2 and released from staging.
    await runScheduled(Date.now(), { ARCHIVE_OPEN_PARTITIONS: 'true' })
    expect(await env.ARCHIVE.head(objectKey(partitionOf(record.evidence_id)!))).not.toBeNull()
    expect(await env.EVIDENCE_STAGING.getByName(stagingShardName(record.evidence_id)).find(record.evidence_id)).toBeNull()
    found = await lookUp(decision.evidence_id)
    expect(found.record).toEqual(record)
    expectOneDecisionsRead(found.statements)

    // GET /evidence/{id} answers it too; besides the look-up it reads only the record's outcome and shadow decision.
    const { d1, statements } = recordingD1()
    const response = await call(`/evidence/${decision.evidence_id}`, {}, { DB: d1 })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(record)
    expect(statements.map((sql) => /from "(\w+)"/.exec(sql)?.[1]).sort()).toEqual(['decisions', 'outcomes', 'shadow_decisions'])
    for (const sql of statements) expect(sql).not.toMatch(/"evidence"|archive_staging|legacy_id/)
  })

  it('take only evidence ids this service makes (evt_ and a UUID v7): any other id is not found, without a D1 read', async () => {
    const v4 = `evt_${crypto.randomUUID()}`
    expect(isEvidenceId(v4)).toBe(false)
    expect(isEvidenceId('evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f')).toBe(true)
    expect(partitionOf(v4)).toBeNull()
    for (const id of [v4, 'evt_00000000-0000-0000-0000-000000000000', 'evt_x']) {
      const { record, statements } = await lookUp(id)
      expect(record).toBeNull()
      expect(statements).toEqual([])
      const response = await call(`/evidence/${id}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error: 'not_found' })
    }
  })

  it('answer a repeat after the Durable Object forgot it from D1 and the stores, with the first evidence id', async () => {
    const { body, decision, record } = await decided()
    await deliver([record])
    expect(await runDurableObjectAlarm(env.TRANSACTIONS.getByName(body.transaction_id as string))).toBe(true)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: decision.evidence_id, decision: decision.decision, scores: decision.scores })
  })
})
