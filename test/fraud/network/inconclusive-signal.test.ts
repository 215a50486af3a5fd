// NETWORK_SWAP_INCONCLUSIVE in the pure engine: raised from the feature the CAMARA client sets, weighed by the
// policy (0.05 by default, 0 turns it off), never on a SIM activation.
import { describe, expect, it } from 'vitest'
import { evaluate } from '../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import type { DecisionRequest } from '../../../src/fraud/model/request.ts'
import type { NetworkAsked } from '../../../src/fraud/model/network-swap.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { ENGINE_NOW, ENGINE_REQUEST } from '../engine/request-fixture.ts'

function signalsOf(asked: NetworkAsked | undefined, request: Partial<DecisionRequest> = {}, policy: Policy = BUNDLED_POLICY) {
  const full = { ...ENGINE_REQUEST, ...request }
  const features = buildFeatures(full, EMPTY_HISTORY, policy, ENGINE_NOW, asked)
  return { features, evaluation: evaluate(full, features, policy) }
}

describe('NETWORK_SWAP_INCONCLUSIVE', () => {
  it('is raised when a question went unanswered, with the bundled weight, and alone raises nothing', () => {
    const plain = signalsOf(undefined)
    const { features, evaluation } = signalsOf({ inconclusive: true })
    expect(features.network_swap_inconclusive).toBe(true)
    expect(evaluation.signals.filter((s) => s.code === 'NETWORK_SWAP_INCONCLUSIVE')).toEqual([
      expect.objectContaining({ detector: 'velocity', weight: 0.05 }),
    ])
    expect(evaluation.decision).toBe(plain.evaluation.decision)
  })

  it('is not raised when every question was answered, when the network was not asked, nor on a SIM activation', () => {
    expect(signalsOf({ inconclusive: false }).evaluation.signals.map((s) => s.code)).not.toContain('NETWORK_SWAP_INCONCLUSIVE')
    expect(signalsOf(undefined).features).not.toHaveProperty('network_swap_inconclusive')
    expect(signalsOf({ inconclusive: true }, { event_subtype: 'sim_activation' }).evaluation.signals.map((s) => s.code)).not.toContain('NETWORK_SWAP_INCONCLUSIVE')
  })

  it('takes its weight from the policy, 0 turning it off', () => {
    const withWeight = (inconclusive: number) => {
      const source = structuredClone(defaultPolicy)
      source.detectors.velocity.network_swaps = { ...source.detectors.velocity.network_swaps, ...{ inconclusive } }
      const parsed = validatePolicy(source)
      if (!parsed.ok) throw new Error(JSON.stringify(parsed))
      return signalsOf({ inconclusive: true }, {}, parsed.policy).evaluation.signals.filter((s) => s.code === 'NETWORK_SWAP_INCONCLUSIVE')
    }
    expect(withWeight(0.3)).toEqual([expect.objectContaining({ weight: 0.3 })])
    expect(withWeight(0)).toEqual([])
  })
})
