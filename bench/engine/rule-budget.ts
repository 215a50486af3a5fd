/**
 * @module
 * What the second security review's rules cost now, in Node (workerd's clock stands still while code runs):
 * validating a policy with the `missing` rule or the `log` rule (both refused), and running, unvalidated,
 * a doubling `reduce` (stopped by the size bound) and a rule at the step budget. Prints the median and the
 * slowest of the runs in milliseconds. The tests (test/fraud/engine/rule-budget.test.ts) assert the refusals
 * and the budgets by counting, never by time.
 * Usage: node --import @edge-workers/tools/loader bench/engine/rule-budget.ts (npm run bench:rules)
 */
import { readFileSync } from 'node:fs'
import { compile, evaluate } from '../../src/fraud/engine/compile-condition.ts'
import { validatePolicy } from '../../src/fraud/model/policy.ts'
import { RULE_LIMITS } from '../../src/fraud/model/rule-cost.ts'

const RUNS = 21
const base = JSON.parse(readFileSync(new URL('../../src/fraud/policy/default-policy.json', import.meta.url), 'utf8')) as { rules: unknown[] }
const doubling = (n: number) => ({ reduce: [Array.from({ length: n }, () => 0), { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [0]] })
const missingRule = { missing: { map: [[{ a: doubling(22), b: 0 }], { var: 'a' }] } }
const logRule = { log: { var: '' } }
const atBudget = { map: [Array.from({ length: 1000 }, (_, i) => i), { map: [Array.from({ length: 100 }, (_, i) => i), { var: '' }] }] }
const data = { request: { user_id: 'user_1' }, features: {}, scores: {} }

function time(name: string, run: () => void): void {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  console.log(`${name.padEnd(44)} median ${times[RUNS >> 1]!.toFixed(2)} ms, slowest ${times[RUNS - 1]!.toFixed(2)} ms`)
}

const withRule = (when: unknown) => ({ ...base, version: 'bench.1', rules: [...base.rules, { id: 'x', description: 'x', when, action: { type: 'add_risk', amount: 0.1 } }] })
time('validate the missing rule (refused)', () => {
  if (validatePolicy(withRule(missingRule)).ok) throw new Error('accepted')
})
time('validate the log rule (refused)', () => {
  if (validatePolicy(withRule(logRule)).ok) throw new Error('accepted')
})
const doublingRun = compile(doubling(40))
time('run a doubling reduce (stopped by the size bound)', () => {
  if (evaluate(doublingRun, data, RULE_LIMITS.maxSteps).ok) throw new Error('not stopped')
})
const budgetRun = compile(atBudget)
time(`run a rule to the step budget (${RULE_LIMITS.maxSteps})`, () => {
  if (evaluate(budgetRun, data, RULE_LIMITS.maxSteps).ok) throw new Error('not stopped')
})
