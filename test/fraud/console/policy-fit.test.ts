// The console's "Fit a candidate" form: refuses with too few fraud labels, staging nothing; with enough, shows
// the candidate's held-back report, stages it in shadow and leaves the active policy alone.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call } from '../helpers.ts'
import { storeLabelled } from '../operator/fit/labelled-store.ts'
import { syntheticRecords, templateRecord } from '../operator/fit/synthetic.ts'

function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

const rates = { friction: '0.1', review: '0.05', block: '0.02', last: '5000' }

// Each fit solves the regression a dozen times over 1,600 decisions: seconds, more on a loaded machine.
describe('Fit a candidate (console)', () => {
  it('is offered on the policies page', async () => {
    const html = await (await call('/console/policies')).text()
    expect(html).toContain('Fit a candidate')
    expect(html).toContain('action="/console/policies/fit#fit-result"')
    expect(html).toContain('name="review_capacity"')
    expect(html).toContain('name="friction_capacity"')
    expect(html).toContain('name="max_recall_drop"')
  })

  it('refuses with too few fraud labels and stages nothing', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 300, 31, { fraudCap: 40 })
    await storeLabelled(records, labels)
    const response = await postForm('/console/policies/fit', rates)
    expect(response.status).toBe(422)
    expect(await response.text()).toContain('Too few fraud labels to fit: 40 of the 200 needed')
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })

  it('stages a fitted candidate in shadow and shows its report beside the active policy', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 37)
    await storeLabelled(records, labels)
    const active = await env.POLICY.get(POLICY_KEYS.active)
    const response = await postForm('/console/policies/fit', rates)
    expect(response.status).toBe(200)
    const html = await response.text()
    const staged = JSON.parse((await env.POLICY.get(POLICY_KEYS.staged))!) as { version: string }
    expect(staged.version).toMatch(/-fit\.\d{8}T\d{6}$/)
    expect(html).toContain(`Candidate <code>${staged.version}</code>`)
    expect(html).toContain('Staged and in shadow')
    expect(html).toContain('Fraud share of decisions scored near 0.8')
    expect(await env.POLICY.get(POLICY_KEYS.active)).toBe(active)
    expect(html).toContain('Within capacity: REVIEW')
    expect(html).toMatch(/Fraud caught at REVIEW or above: [\d.]+% \([\d.]+–[\d.]+\) against [\d.]+% \([\d.]+–[\d.]+\) for the active policy, of \d+ held back \(no limit with rate targets\)/)
    expect(html).toMatch(/Tiers (not )?apart/)
    expect(html).toContain('What changes')
    expect(html).toMatch(/\d+ decisions? with [A-Z_]+( and [A-Z_]+| only)?: [A-Z]+ to [A-Z]+ \(\d+ labelled fraud\)/)
    expect(html).toContain('Weight that moved most')
    expect((await postForm('/console/policies/fit', { ...rates, block: '2' })).status).toBe(400)
    expect((await postForm('/console/policies/fit', { ...rates, review_capacity: '1.5' })).status).toBe(400)
    expect((await postForm('/console/policies/fit', { ...rates, friction_capacity: '0.1' })).status).toBe(400)
    expect((await postForm('/console/policies/fit', { ...rates, max_recall_drop: '2' })).status).toBe(400)
  })

  it('refuses a candidate that would catch much less fraud than the active policy, with the figures, and stages nothing', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 43)
    await storeLabelled(records, labels)
    await env.POLICY.delete(POLICY_KEYS.staged)
    const response = await postForm('/console/policies/fit', { ...rates, review_capacity: '0.002', friction_capacity: '0.002', max_recall_drop: '0.05' })
    expect(response.status).toBe(422)
    expect(await response.text()).toMatch(/The candidate catches [\d.]+% of the held-back fraud at REVIEW or above, against [\d.]+% for the active policy \(\d+ fraud labels held back\): a drop of [\d.]+%, more than the 5.0% allowed; nothing was staged./)
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })
})
