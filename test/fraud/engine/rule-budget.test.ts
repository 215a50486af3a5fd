// The second security review's rule-cost findings: conditions outside the rule language are refused by
// validation (computed `missing` keys, multi-key objects, `log`, dotted and unknown operators), and a
// condition's step and size budgets hold while it runs, whatever validation let through.
import { describe, expect, it } from 'vitest'
import { compile, evaluate, RuleBudgetExceeded } from '../../../src/fraud/engine/compile-condition.ts'
import { applyRules } from '../../../src/fraud/engine/rules.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import { RULE_LIMITS } from '../../../src/fraud/model/rule-cost.ts'
import { ruleLanguageProblem } from '../../../src/fraud/model/rule-language.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { ENGINE_REQUEST } from './request-fixture.ts'
import { LOG_RULE, MISSING_BOMB } from './rule-attacks.ts'

const withRule = (when: unknown) => ({
  ...structuredClone(BUNDLED_POLICY),
  version: 'budget.1',
  rules: [{ id: 'probe', description: 'probe', when, action: { type: 'add_risk', amount: 0.1 } }],
})

const DATA = { request: ENGINE_REQUEST, features: {}, scores: {} }

describe('the rule language', () => {
  it.each([
    ['the missing bomb', MISSING_BOMB, /"missing" takes plain key paths/],
    ['a computed missing key', { missing: [{ var: 'request.user_id' }] }, /"missing" takes plain key paths/],
    ['a numeric missing key', { missing: [0] }, /"missing" takes plain key paths/],
    ['missing_some with computed keys', { missing_some: [1, { merge: [['a'], ['b']] }] }, /"missing_some" takes a number/],
    ['a multi-key object literal', { '==': [{ a: 1, b: 2 }, 1] }, /an object with 2 keys/],
    ['an empty object literal', { '==': [{}, 1] }, /an object with 0 keys/],
    ['log', LOG_RULE, /operator "log" is not allowed/],
    ['log nested', { and: [true, { log: 'x' }] }, /operator "log" is not allowed/],
    ['a dotted operator name', { 'log.prototype.constructor': ['x'] }, /operator "log.prototype.constructor" is not allowed/],
    ['a prototype member', { toString: [] }, /operator "toString" is not allowed/],
    ['method', { method: ['abc', 'toUpperCase'] }, /operator "method" is not allowed/],
  ])('refuses %s, in the rule language and in the policy', (_, when, message) => {
    expect(ruleLanguageProblem(when)).toMatch(message)
    const result = validatePolicy(withRule(when))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems).toContainEqual({ path: 'rules.0.when', message: expect.stringMatching(message) })
  })

  it('keeps plain missing and missing_some keys, and every allowed operator', () => {
    for (const when of [
      { missing: ['request.user_id', 'request.nothing'] },
      { missing: 'request.user_id' },
      { '!': { missing_some: [1, ['request.phone_number', 'request.user_id']] } },
      { some: [{ merge: [[1], [2]] }, { '>': [{ var: '' }, 1] }] },
    ]) {
      expect(ruleLanguageProblem(when)).toBeNull()
      expect(validatePolicy(withRule(when)).ok).toBe(true)
    }
    expect(compile({ missing: ['request.user_id', 'request.nothing'] })(DATA)).toEqual(['request.nothing'])
  })
})

describe('the budget while a condition runs', () => {
  it('stops a condition at its step limit with a budget error', () => {
    const run = evaluate(compile({ map: [Array.from({ length: 1000 }, (_, i) => i), { '+': [{ var: '' }, 1] }] }), DATA, 500)
    expect(run.ok).toBe(false)
    if (!run.ok) expect(run.error).toEqual(new RuleBudgetExceeded('steps', 500))
    expect(run.steps).toBe(500)
  })

  it('stops a doubling accumulator at the size bound, though validation never saw it', () => {
    const doubling = { reduce: [Array.from({ length: 40 }, () => 0), { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [0]] }
    const run = evaluate(compile(doubling), DATA, RULE_LIMITS.maxSteps)
    expect(run.ok).toBe(false)
    if (!run.ok) expect(run.error).toEqual(new RuleBudgetExceeded('size', RULE_LIMITS.maxValueSize))
    // `missing` no longer evaluates a key through apply: the bomb's object literal stays a value
    const bomb = evaluate(compile(MISSING_BOMB), DATA, RULE_LIMITS.maxSteps)
    expect(bomb.steps).toBeLessThan(20)
  })

  it('keeps a whole decision within the policy budget, even for rules stored without validation', () => {
    const heavy = { map: [Array.from({ length: 1000 }, (_, i) => i), { map: [Array.from({ length: 100 }, (_, i) => i), { var: '' }] }] }
    const policy = { ...structuredClone(BUNDLED_POLICY), rules: Array.from({ length: 20 }, (_, i) => ({ id: `heavy_${i}`, description: 'heavy', detector: 'policy', when: heavy, action: { type: 'add_risk', amount: 0.1 }, enabled: true })) } as Policy
    const outcome = applyRules(policy, DATA as Parameters<typeof applyRules>[1])
    expect(outcome.steps).toBeLessThanOrEqual(RULE_LIMITS.maxPolicySteps)
    expect(outcome.steps).toBeGreaterThan(RULE_LIMITS.maxSteps)
    expect(outcome.signals).toEqual([])
  })

  it('lets an ordinary policy run as before, counting its steps', () => {
    const outcome = applyRules(BUNDLED_POLICY, DATA as Parameters<typeof applyRules>[1])
    expect(outcome.steps).toBeGreaterThan(0)
    expect(outcome.steps).toBeLessThan(RULE_LIMITS.maxSteps)
  })
})
