// Label noise for the simulation, as an operator's labels carry it: a share of outcomes flipped at random,
// and genuine decisions of accounts later taken over labelled fraud (a chargeback on an account often marks
// its earlier transactions too). The requests are unchanged; only the outcomes posted afterwards differ.
import type { Outcome, Step, Traffic } from './patterns.ts'
import { Random } from './random.ts'

export interface LabelNoise {
  /** Share of all outcomes flipped (fraud to legitimate, legitimate to chargeback). */
  flip: number
  /** Share of regular subscribers' genuine decisions labelled chargeback, with every takeover victim's own earlier one. */
  victims: number
}

export interface NoiseCounts {
  flipped: number
  victims: number
}

const flipOf = (outcome: Outcome): Outcome => (outcome === 'legitimate' ? 'chargeback' : 'legitimate')

/**
 * The traffic with noisy outcomes, drawn from its own seed so that the requests stay those of the run's seed.
 *
 * @example
 * const { traffic, counts } = withLabelNoise(generateTraffic(new Random(42), 1), { flip: 0.05, victims: 0.07 }, 42)
 */
export function withLabelNoise(traffic: Traffic, noise: LabelNoise, seed: number): { traffic: Traffic; counts: NoiseCounts } {
  const random = new Random(seed ^ 0x5eed)
  const counts: NoiseCounts = { flipped: 0, victims: 0 }
  const relabel = (step: Step): Step => {
    if (step.outcome === 'legitimate' && (step.victim === true || (noise.victims > 0 && step.pattern === 'legit_regular' && random.chance(noise.victims)))) {
      if (noise.victims > 0) {
        counts.victims += 1
        return { ...step, outcome: 'chargeback' }
      }
    }
    if (noise.flip > 0 && random.chance(noise.flip)) {
      counts.flipped += 1
      return { ...step, outcome: flipOf(step.outcome) }
    }
    return step
  }
  return { traffic: { warmUp: traffic.warmUp.map((s) => s.map(relabel)), main: traffic.main.map((s) => s.map(relabel)) }, counts }
}
