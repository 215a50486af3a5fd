// npm run policy:fit's terminal report: the coefficients, both policies side by side on the held-back
// decisions, and whether the candidate was staged (never "activated").
import { describe, expect, it } from 'vitest'
import { fitReportLines, type FitAnswer } from '../../../scripts/policy-fit-report.ts'

const cutoff = (precision: number | null, recall: number | null) => ({ flagged: 10, precision, recall, precision_interval: [0.5, 0.7] as [number, number], recall_interval: null })
const side = (version: string, recall: number) => ({
  policy_version: version,
  distribution: { ALLOW: 80, FRICTION: 10, REVIEW: 7, BLOCK: 3 },
  levels: { friction_or_above: cutoff(0.5, recall), review_or_above: cutoff(0.6, recall), block: cutoff(0.9, 0.2) },
  expected_cost: null,
  calibration: { near_0_8: { decisions: 12, fraud_share: 0.75, fraud_share_interval: [0.4677, 0.9111] as [number, number] } },
})
const answer = (staged: boolean): FitAnswer => ({
  active_version: 'v1',
  candidate: { version: 'v1-fit.20261125T190501', thresholds: { friction: 30.5, review: 50, block: 80 } },
  counts: { decisions: 900, labelled: 800, fraud: 250, training: 560, held_back: 240 },
  fit: { method: 'L2-regularised logistic regression', lambda: 1, converged: true, weights: [{ weight: 'bot.rooted', coefficient: 2.4567, support: 120 }], label_noise: { method: 'confident learning', fraud_set_aside: 12, legitimate_set_aside: 30 } },
  training_rates: { friction_or_above: 0.1, review_or_above: 0.05, block: 0.02 },
  capacity: {
    review: { limit: 0.02, training_share: 0.018, held_back_share: 0.019, clipped_from: 12.5 },
    friction: { limit: 0.08, training_share: 0.07, held_back_share: 0.075, clipped_from: null },
    within: true,
  },
  changes: { changed: 9, groups: [{ text: '8 decisions with DEVICE_SWAP and VPN_IP: BLOCK to FRICTION (7 labelled fraud)' }], weights: [{ weight: 'velocity.device_swap', from: 0.6, to: 0.3 }] },
  tiers: { margin: 5, friction_to_review: 2, review_to_block: 30, separated: false, problems: ['FRICTION cannot sit 5 points below REVIEW'] },
  holdout: { active: side('v1', 0.4), candidate: side('v1-fit.20261125T190501', 0.7) },
  staged: staged ? { version: 'v1-fit.20261125T190501', shadow: true } : null,
})

describe('fitReportLines', () => {
  it('prints the coefficients, both policies side by side and the staging', () => {
    const text = fitReportLines(answer(true), '?tenant=acme').join('\n')
    expect(text).toContain('800 labelled decisions (250 fraud), 560 fitted, 240 held back')
    expect(text).toContain('Labels set aside as likely wrong: 12 fraud, 30 legitimate (confident learning).')
    expect(text).toMatch(/bot\.rooted\s+2\.457\s+120/)
    expect(text).toMatch(/precision \/ recall REVIEW\+\s+60\.0% \/ 40\.0%\s+60\.0% \/ 70\.0%/)
    expect(text).toMatch(/fraud share near 0\.8 \(n\)\s+75\.0% \(12\)/)
    expect(text).toMatch(/ 95% interval\s+46\.8-91\.1\s+46\.8-91\.1/)
    expect(text).toMatch(/ 95% interval\s+50\.0-70\.0 \/ -\s+50\.0-70\.0 \/ -/)
    expect(text).toContain('Capacity REVIEW: 1.9% of the held-back decisions (training 1.8%), at most 2.0%: threshold raised from 12.5')
    expect(text).toContain('Capacity FRICTION: 7.5% of the held-back decisions (training 7.0%), at most 8.0%')
    expect(text).toContain('Tiers NOT apart (REVIEW 2 above FRICTION, BLOCK 30 above REVIEW; at least 5 wanted):\n  FRICTION cannot sit 5 points below REVIEW')
    expect(text).toContain('What changes: 9 labelled decisions change level, the largest groups:\n  8 decisions with DEVICE_SWAP and VPN_IP: BLOCK to FRICTION (7 labelled fraud)')
    expect(text).toMatch(/Weights that moved most:\n {2}velocity\.device_swap\s+0\.6 -> 0\.3/)
    expect(text).toContain('Staged v1-fit.20261125T190501 and put it in shadow. It is not active: promote it with POST /policy/reload?tenant=acme')
  })

  it('says when nothing was staged', () => {
    expect(fitReportLines(answer(false), '').at(-1)).toBe('Not staged (--no-stage).')
  })
})
