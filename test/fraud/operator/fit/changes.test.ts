// What changes, in the operator's words: labelled decisions whose level moves, grouped by their strongest
// signals, and the weights that moved most.
import { describe, expect, it } from 'vitest'
import { changeReport, groupText, movedWeights } from '../../../../src/fraud/operator/fit/changes.ts'
import { fitPolicy } from '../../../../src/fraud/operator/fit/fit.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { syntheticRecords, templateRecord } from './synthetic.ts'

const FIXED_END = Date.parse('2026-11-25T19:00:00Z')

describe('changeReport', () => {
  it('groups the decisions that change level by their two strongest signals, the largest group first', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 400, 61, { endMs: FIXED_END })
    const candidate = structuredClone(BUNDLED_POLICY)
    candidate.version = 'candidate'
    candidate.detectors.bot.weights.rooted = 0.01
    const report = changeReport(records, labels, BUNDLED_POLICY, candidate)
    expect(report.changed).toBeGreaterThan(0)
    expect(report.groups.reduce((n, g) => n + g.decisions, 0)).toBeLessThanOrEqual(report.changed)
    for (const g of report.groups) {
      expect(g.signals.length).toBeLessThanOrEqual(2)
      // Turning the rooted weight down only lowers levels.
      expect(['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK'].indexOf(g.to)).toBeLessThan(['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK'].indexOf(g.from))
      expect(g.fraud).toBeLessThanOrEqual(g.decisions)
      expect(g.text).toBe(groupText(g))
    }
    // Turning the rooted weight down lowers levels: the largest group names the rooted signal.
    expect(report.groups[0]!.signals).toContain('ROOTED_DEVICE')
    expect(report.groups.map((g) => g.decisions)).toEqual([...report.groups.map((g) => g.decisions)].sort((a, b) => b - a))
    expect(report.weights).toEqual([{ weight: 'bot.rooted', from: BUNDLED_POLICY.detectors.bot.weights.rooted, to: 0.01 }])
  })

  it('says it as the operator would', () => {
    expect(groupText({ signals: ['DEVICE_SWAP', 'VPN_IP'], from: 'BLOCK', to: 'FRICTION', decisions: 8, fraud: 7 })).toBe('8 decisions with DEVICE_SWAP and VPN_IP: BLOCK to FRICTION (7 labelled fraud)')
    expect(groupText({ signals: ['ROOTED_DEVICE'], from: 'REVIEW', to: 'ALLOW', decisions: 32, fraud: 0 })).toBe('32 decisions with ROOTED_DEVICE only: REVIEW to ALLOW (0 labelled fraud)')
    expect(groupText({ signals: [], from: 'ALLOW', to: 'FRICTION', decisions: 1, fraud: 1 })).toBe('1 decision with no signal: ALLOW to FRICTION (1 labelled fraud)')
  })

  it('lists no weight when none moved, and the largest move first', () => {
    expect(movedWeights(BUNDLED_POLICY, BUNDLED_POLICY)).toEqual([])
    const candidate = structuredClone(BUNDLED_POLICY)
    candidate.detectors.geo_anomaly.weights.tor = Math.min(1, BUNDLED_POLICY.detectors.geo_anomaly.weights.tor + 0.05)
    candidate.detectors.bot.weights.emulator = Math.max(0, BUNDLED_POLICY.detectors.bot.weights.emulator - 0.3)
    expect(movedWeights(BUNDLED_POLICY, candidate).map((m) => m.weight)).toEqual(['bot.emulator', 'geo_anomaly.tor'])
  })

  it('is part of the fit', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs: { false_positive: 5, missed_fraud: 120 } }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, maxRecallDrop: 1 })
    if (!result.ok) throw new Error(`refused: ${result.reason}`)
    expect(result.changes.changed).toBeGreaterThan(0)
    expect(result.changes.groups[0]!.text).toMatch(/^\d+ decisions? with .+: (ALLOW|FRICTION|REVIEW|BLOCK) to (ALLOW|FRICTION|REVIEW|BLOCK) \(\d+ labelled fraud\)$/)
    expect(result.changes.weights.length).toBeGreaterThan(0)
    const fitted = new Set(result.fit.weights.filter((w) => w.coefficient !== 1).map((w) => w.weight))
    for (const move of result.changes.weights) expect(fitted).toContain(move.weight)
  })
})
