/**
 * @module
 * How the /analyze engine's time grows with the label's length, for adversarial labels: each text at a quarter
 * of the length limit and at the limit, in Node (workerd's clock stands still while code runs). Prints the
 * time at the limit and the ratio of the two (about 4 when the work is linear; 16 when it is quadratic).
 * The test test/ingredient/parser/linear.test.ts asserts the same by counting characters read.
 * Usage: node --import @edge-workers/tools/loader bench/engine/scaling.ts (npm run bench:scaling)
 */
import { analyzeLabel, LIMITS } from '../../src/ingredient/analysis/index.ts'
import { loadEmbeddedKnowledge } from '../../src/ingredient/knowledge/index.ts'

const knowledge = await loadEmbeddedKnowledge()
const RUNS = 7
const profile = { allergies: ['milk', 'peanuts'] }

// Repeated pieces that once made a step quadratic, and ordinary label text for comparison.
const PATTERNS = [
  '(i)', '(', ')', '【', '{', ', ', ';', '. ', '。', '\n', ' ', ':', '\t', '.', '"', '*', ' - a', 'E101(ii)', '(a, [b (c',
  '（砂糖、', 'salt and ', '(20%, of ', 'may contain nuts. ', 'kann ', 'Contains: ', '대두', ' 함유', '（一部に', 'sugar, ',
  'Zucker, Kakaobutter 20%, Emulgator: Sojalecithin, ',
]

async function millisecondsFor(text: string): Promise<number> {
  let best = Number.POSITIVE_INFINITY
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now()
    await analyzeLabel(`${text}${run}`, { productName: 'Bench', profile }, knowledge)
    best = Math.min(best, performance.now() - start)
  }
  return best
}

// Warm: the first analyses compile the engine.
for (let run = 0; run < 20; run++) await millisecondsFor(`Water, Sugar, Salt, ${"(i)".repeat(500)}`)
let worst = 0
for (const pattern of PATTERNS) {
  const times = Math.max(1, Math.floor(LIMITS.ingredientsChars / 4 / pattern.length))
  const small = await millisecondsFor(pattern.repeat(times))
  const large = await millisecondsFor(pattern.repeat(4 * times))
  const ratio = large / Math.max(small, 0.05)
  worst = Math.max(worst, ratio)
  console.log(`${JSON.stringify(pattern).padEnd(56)} ${large.toFixed(1).padStart(7)} ms at ${4 * times * pattern.length} chars  ratio ${ratio.toFixed(1)}`)
}
console.log(`worst ratio ${worst.toFixed(1)}`)
