// The shown-output matcher of the docs test: which real answers a document's `# {…}` accepts.
import { describe, expect, it } from 'vitest'
import { mismatches } from '../../../scripts/docs-test/match.ts'
import { IncompletePattern, InvalidPattern, parsePattern } from '../../../scripts/docs-test/pattern.ts'

const check = (shown: string, actual: unknown) => mismatches(parsePattern(shown).pattern, actual)

describe('parsePattern', () => {
  it('keeps the remark after the value', () => {
    expect(parsePattern('{"status":"healthy",…} locally (no model)').rest).toBe(' locally (no model)')
  })

  it('says when the value goes on past the line, so the next comment line is added', () => {
    expect(() => parsePattern('{"transaction_id":"tx_1","scores":{"overall_risk":0,')).toThrow(IncompletePattern)
  })

  it('refuses what is not a value', () => {
    expect(() => parsePattern('{status: healthy}')).toThrow(InvalidPattern)
  })
})

describe('mismatches', () => {
  it('accepts an answer with more fields than shown', () => {
    expect(check('{"decision":"ALLOW",…}', { decision: 'ALLOW', latency_ms: 3 })).toEqual([])
  })

  it('names a field whose value drifted, and a missing one', () => {
    expect(check('{"policy_version":"2026-11-22.1","cached":true}', { policy_version: '2026-11-23.1' })).toEqual([
      'policy_version: shown "2026-11-22.1", got "2026-11-23.1"',
      'cached: shown, but missing',
    ])
  })

  it('lets … stand for any value, any part of a string, and any other members', () => {
    expect(check('{"evidence_id":"evt_…","latency_ms":…,"thresholds":{…}}', { evidence_id: 'evt_01a2', latency_ms: 20, thresholds: { block: 85 } })).toEqual([])
    expect(check('{"evidence_id":"evt_…"}', { evidence_id: 'req_01a2' })).toHaveLength(1)
    expect(check('{"a":...}', { a: [1] })).toEqual([])
  })

  it('checks that a bare key is there, whatever its value', () => {
    expect(check('{"counts":{"decisions","labelled"}}', { counts: { decisions: 3, labelled: 1 } })).toEqual([])
    expect(check('{"counts":{"decisions","labelled"}}', { counts: { decisions: 3 } })).toEqual(['counts.labelled: shown, but missing'])
  })

  it('matches a shown date-time with any date-time, and nothing else', () => {
    expect(check('{"loaded_at":"2026-11-22T20:30:48.292Z"}', { loaded_at: '2026-11-25T08:00:00.001Z' })).toEqual([])
    expect(check('{"loaded_at":"2026-11-22T20:30:48.292Z"}', { loaded_at: 'yesterday' })).toHaveLength(1)
  })

  it('compares a closed array item by item, and finds the items of an open one in order', () => {
    expect(check('[1,2]', [1, 2, 3])).toEqual(['(the answer): shown 2 items, got 3'])
    expect(check('[…,{"live":"FRICTION","count":1},…16 cells…]', [{ live: 'ALLOW', count: 0 }, { live: 'FRICTION', count: 1 }])).toEqual([])
    expect(check('[{"code":"B"},{"code":"A"},…]', [{ code: 'A' }, { code: 'B' }])).toHaveLength(1)
  })

  it('tells a number from a string, and an object from an array', () => {
    expect(check('{"agreement":1}', { agreement: '1' })).toHaveLength(1)
    expect(check('{"reviews":{…}}', { reviews: [] })).toEqual(['reviews: shown an object, got []'])
  })
})
