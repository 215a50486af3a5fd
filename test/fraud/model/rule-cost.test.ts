// The static bound of a rule condition's cost (model/rule-cost.ts) and its use by validatePolicy: nesting,
// node count, literal arrays, nested iteration and reduce accumulators; the bundled policy's rules stay within.
import { describe, expect, it } from 'vitest'
import { validatePolicy } from '../../../src/fraud/model/policy.ts'
import { RULE_LIMITS, ruleCost } from '../../../src/fraud/model/rule-cost.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const sixty = range(60)

/** The security review's rule: four nested maps over 60-element literal arrays. */
const fourNestedMaps = { map: [sixty, { map: [sixty, { map: [sixty, { map: [sixty, { '+': [{ var: '' }, 1] }] }] }] }] }

function nested(levels: number): unknown {
  let logic: unknown = { var: 'request.amount_cents' }
  for (let i = 0; i < levels; i++) logic = { '!': [logic] }
  return logic
}

function withRule(when: unknown, id = 'costly', extra: Record<string, unknown> = {}) {
  const policy = structuredClone(defaultPolicy) as { rules: unknown[] }
  policy.rules.push({ id, description: 'a rule under test', when, action: { type: 'add_risk', amount: 0.1 }, ...extra })
  return policy
}

describe('ruleCost', () => {
  it('keeps every rule of the bundled policy far inside every bound', () => {
    for (const rule of defaultPolicy.rules) {
      const cost = ruleCost(rule.when)
      expect(cost.exceeded, rule.id).toBeNull()
      expect(cost.steps * 100).toBeLessThan(RULE_LIMITS.maxSteps)
      expect(cost.nodes * 20).toBeLessThan(RULE_LIMITS.maxNodes)
      expect(cost.depth * 4).toBeLessThanOrEqual(RULE_LIMITS.maxDepth)
    }
  })

  it('refuses four nested maps over 60-element literal arrays by their evaluation steps, without evaluating them', () => {
    const cost = ruleCost(fourNestedMaps)
    expect(cost.steps).toBeGreaterThan(60 ** 4)
    expect(cost.exceeded).toMatch(/evaluation steps per decision, over 50000/)
  })

  it('multiplies nested iterations of every iterating operator', () => {
    for (const op of ['map', 'filter', 'all', 'some', 'none']) {
      const cost = ruleCost({ [op]: [range(300), { [op]: [range(300), { '==': [{ var: '' }, 3] }] }] })
      expect(cost.steps, op).toBeGreaterThan(300 * 300)
      expect(cost.exceeded, op).toMatch(/evaluation steps/)
    }
    const reduce = ruleCost({ reduce: [range(300), { reduce: [range(300), { '+': [{ var: 'accumulator' }, { var: 'current' }] }, 0] }, 0] })
    expect(reduce.exceeded).toMatch(/evaluation steps/)
    // An iteration over the elements of an element is bounded by the inner literal arrays.
    const matrix = ruleCost({ some: [[range(400), range(400)], { some: [{ var: '' }, { some: [range(400), { '==': [{ var: '' }, 1] }] }] }] })
    expect(matrix.exceeded).toMatch(/evaluation steps/)
  })

  it('accepts a small nested iteration', () => {
    const cost = ruleCost({ some: [sixty, { some: [sixty, { '==': [{ var: '' }, 3] }] }] })
    expect(cost.exceeded).toBeNull()
    expect(cost.steps).toBeGreaterThan(3_600)
  })

  it('refuses deep nesting', () => {
    expect(ruleCost(nested(10)).exceeded).toBeNull()
    expect(ruleCost(nested(100)).exceeded).toMatch(/nesting deeper than 48 levels/)
  })

  it('refuses a big literal array and too many nodes', () => {
    expect(ruleCost({ in: [{ var: 'request.user_id' }, range(1_000).map(String)] }).exceeded).toBeNull()
    expect(ruleCost({ in: [{ var: 'request.user_id' }, range(5_000).map(String)] }).exceeded).toMatch(/literal array of 5000 elements, over 1000/)
    const wide = { or: range(6).map(() => ({ in: [{ var: 'request.user_id' }, range(400).map(String)] })) }
    expect(ruleCost(wide).exceeded).toMatch(/more than 2000 nodes/)
  })

  it('refuses a reduce whose accumulator can grow, and bounds one that cannot', () => {
    const doubling = { reduce: [sixty, { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [1]] }
    expect(ruleCost(doubling).exceeded).toMatch(/reduce whose accumulator can grow/)
    const concatenating = { reduce: [sixty, { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'x'] }
    expect(ruleCost(concatenating).exceeded).toMatch(/reduce whose accumulator can grow/)
    expect(ruleCost({ reduce: [sixty, { '+': [{ var: 'accumulator' }, { var: 'current' }] }, 0] }).exceeded).toBeNull()
  })

  it('counts an iteration over a value a merge builds by the lengths it merges', () => {
    const body = { '==': [{ var: '' }, 1] }
    const once = ruleCost({ some: [range(100), body] }).steps
    const merged = ruleCost({ some: [{ merge: [range(100), range(100), range(100)] }, body] }).steps
    expect(merged - once).toBeGreaterThan(2 * (once - 100))
  })
})

describe('validatePolicy with the cost bounds', () => {
  it('accepts the bundled policy', () => {
    expect(validatePolicy(defaultPolicy).ok).toBe(true)
  })

  it('refuses the review rule as a problem naming the rule and the bound', () => {
    const result = validatePolicy(withRule(fourNestedMaps, 'nested_maps'))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems).toEqual([
      { path: `rules.${defaultPolicy.rules.length}.when`, message: expect.stringMatching(/^rule "nested_maps" can do too much work: up to \d+ evaluation steps per decision, over 50000$/) },
    ])
  })

  it('refuses deep nesting and big literal arrays the same way, disabled or not', () => {
    const deep = validatePolicy(withRule(nested(100), 'deep', { enabled: false }))
    expect(deep.ok ? [] : deep.problems).toEqual([{ path: `rules.${defaultPolicy.rules.length}.when`, message: expect.stringMatching(/rule "deep" .*nesting deeper than 48/) }])
    const big = validatePolicy(withRule({ in: [{ var: 'request.user_id' }, range(20_000).map(String)] }, 'big_list'))
    expect(big.ok ? [] : big.problems).toEqual([{ path: `rules.${defaultPolicy.rules.length}.when`, message: expect.stringMatching(/rule "big_list" .*literal array of 20000 elements/) }])
  })

  it('refuses enabled rules that are each within bounds but together exceed the policy bound', () => {
    const heavy = { some: [sixty, { some: [sixty, { '==': [{ var: '' }, 3] }] }] }
    expect(ruleCost(heavy).exceeded).toBeNull()
    const policy = structuredClone(defaultPolicy) as { rules: unknown[] }
    for (let i = 0; i < 12; i++) policy.rules.push({ id: `heavy_${i}`, description: 'heavy', when: heavy, action: { type: 'add_risk', amount: 0.01 } })
    const result = validatePolicy(policy)
    expect(result.ok ? [] : result.problems).toEqual([{ path: 'rules', message: expect.stringMatching(/enabled rules together take up to \d+ evaluation steps per decision, over 250000/) }])
    for (const rule of policy.rules.slice(-6) as { enabled?: boolean }[]) rule.enabled = false
    expect(validatePolicy(policy).ok).toBe(true)
  })
})
