// Signal messages read as sentences: a count agrees with its noun ("1 earlier transaction", "2 earlier transactions").
import { describe, expect, it } from 'vitest'
import { ENGINE_NOW, ENGINE_REQUEST } from './request-fixture.ts'
import { evaluate } from '../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { plural } from '../../../src/fraud/engine/plural.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'

const request = ENGINE_REQUEST
const NOW = ENGINE_NOW

const messageOf = (history: Partial<typeof EMPTY_HISTORY>, code: string) =>
  evaluate(request, buildFeatures(request, { ...EMPTY_HISTORY, ...history }, BUNDLED_POLICY, NOW), BUNDLED_POLICY).signals.find((s) => s.code === code)?.message

describe('signal messages', () => {
  it('agree in number with their counts', () => {
    expect(plural(1, 'device')).toBe('1 device')
    expect(plural(0, 'device')).toBe('0 devices')
    expect(messageOf({ userDisputes: 1 }, 'SUBSCRIBER_PRIOR_DISPUTES')).toBe('1 earlier transaction of this subscriber ended in a chargeback or friendly fraud')
    expect(messageOf({ userDisputes: 2 }, 'SUBSCRIBER_PRIOR_DISPUTES')).toBe('2 earlier transactions of this subscriber ended in a chargeback or friendly fraud')
    expect(messageOf({ cardDisputes: 1 }, 'CARD_PRIOR_DISPUTES')).toBe('1 earlier transaction paid with this card ended in a chargeback or friendly fraud')
  })
})
