/**
 * @module
 * The policies page and its forms: diff (GET), backtest (POST, renders the report), and reload and
 * roll-back, each behind a confirmation page (GET …/confirm, then POST).
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { limitBody } from '../../../lib/body-limit.ts'
import { policyReloadReporter } from '../../metrics/events.ts'
import { runBacktest, MAX_BACKTEST_DECISIONS, type BacktestSource } from '../../operator/backtest/run.ts'
import { PolicyVersion, validatePolicy, type Policy } from '../../model/policy.ts'
import { reloadPolicy, rollbackPolicy, stageTenantPolicy, unstageTenantPolicy } from '../../policy/control.ts'
import type { PolicyMutation } from '../../policy/policy-do.ts'
import { shadowReport } from '../../operator/shadow/report.ts'
import { clearShadow, readShadow, rememberShadowPolicy, setShadow, type ShadowTarget } from '../../operator/shadow/store.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import type { BacktestInput } from '../components/backtest.tsx'
import type { FitInput } from '../components/policy-fit.tsx'
import { runPolicyFit } from '../../operator/fit/run.ts'
import { describeNoImprovement, describeRecallDrop } from '../../operator/fit/recall.ts'

const percentOf = (share: number) => `${(share * 100).toFixed(1)}%`
import { SHADOW_WINDOWS, type ShadowWindow } from '../components/shadow.tsx'
import type { ConsoleApp } from '../env.ts'
import { diffPolicies } from '../../policy/diff.ts'
import { listVersions, policyByVersion, policyOverview } from '../../policy/versions.ts'
import { ConfirmPage } from '../pages/confirm.tsx'
import { PoliciesPage, type PoliciesPageProps } from '../pages/policies.tsx'
import { ProblemPage } from '../pages/problem.tsx'
import { consolePath } from '../paths.ts'
import { viewerOf } from '../viewer.ts'
import { announcePolicyChange } from '../../webhooks/publish.ts'

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v)
const VersionOrStaged = z.union([z.literal('staged'), PolicyVersion])

const PageQuery = z.object({
  from: z.preprocess(blankToUndefined, VersionOrStaged.optional()),
  to: z.preprocess(blankToUndefined, VersionOrStaged.optional()),
  shadow_window: z.preprocess(blankToUndefined, z.enum(Object.keys(SHADOW_WINDOWS) as [ShadowWindow, ...ShadowWindow[]]).default('24h')),
  changed: z.preprocess(blankToUndefined, PolicyVersion.optional()),
  previous: z.preprocess(blankToUndefined, PolicyVersion.optional()),
})

const BacktestFormSchema = z.object({
  candidate: z.union([z.literal('staged'), z.literal('inline'), z.templateLiteral(['version:', z.string().max(64)])]),
  policy: z.string().max(512 * 1024).optional(),
  last: z.coerce.number().int().min(1).max(MAX_BACKTEST_DECISIONS),
})

/** The sentence after a reload or roll-back, composed here from the two versions (never text from the URL). */
function changeNotice(next: string | undefined, previous: string | undefined): string | undefined {
  if (next === undefined) return undefined
  return previous === undefined || previous === next ? `Nothing changed: ${next} is active.` : `${next} is now active (was ${previous}).`
}

const DEFAULT_BACKTEST: BacktestInput = { candidate: 'staged', last: 1000 }

const DEFAULT_FIT: FitInput = { friction: 0.05, review: 0.02, block: 0.005, last: MAX_BACKTEST_DECISIONS }

const optionalShare = z.preprocess(blankToUndefined, z.coerce.number().min(0).max(1).optional())

const optionalNumber = z.preprocess(blankToUndefined, z.coerce.number().positive().optional())
const FitFormSchema = z
  .object({
    friction: z.coerce.number().min(0).max(1),
    review: z.coerce.number().min(0).max(1),
    block: z.coerce.number().min(0).max(1),
    false_positive: optionalNumber,
    missed_fraud: optionalNumber,
    review_capacity: optionalShare,
    friction_capacity: optionalShare,
    max_recall_drop: optionalShare,
    last: z.coerce.number().int().min(1).max(MAX_BACKTEST_DECISIONS),
  })
  .refine((f) => f.friction + f.review + f.block <= 1)
  .refine((f) => (f.false_positive === undefined) === (f.missed_fraud === undefined))
  .refine((f) => f.friction_capacity === undefined || f.review_capacity !== undefined)

async function renderPolicies(
  c: Context<ConsoleApp>,
  query: z.infer<typeof PageQuery>,
  backtest: PoliciesPageProps['backtest'],
  status: 200 | 400 | 404 | 422 = 200,
  fit: PoliciesPageProps['fit'] = { input: DEFAULT_FIT },
  shadowError?: string,
  stageError?: string,
) {
  const tenant = c.get('tenant')
  const [overview, shadow, entries] = await Promise.all([policyOverview(c.env.POLICY, tenant), readShadow(c.env.POLICY, tenant), listVersions(c.env.POLICY, tenant)])
  const window = query.shadow_window
  const report = shadow ? await shadowReport(tenantDatabase(c.env, tenant), tenant, shadow.policy.version, Date.now() - SHADOW_WINDOWS[window] * 1000) : null
  let diff: PoliciesPageProps['diff']
  if (query.from && query.to) {
    const [a, b] = await Promise.all([policyByVersion(c.env.POLICY, tenant, query.from), policyByVersion(c.env.POLICY, tenant, query.to)])
    diff = { from: query.from, to: query.to, changes: a && b ? diffPolicies(a, b) : null }
  }
  const input = overview.staged?.ok || backtest.input.candidate !== 'staged' ? backtest.input : { ...backtest.input, candidate: 'inline' }
  return c.html(
    <PoliciesPage
      viewer={viewerOf(c)}
      overview={overview}
      diff={diff}
      backtest={{ ...backtest, input }}
      fit={fit}
      shadow={{ policy: shadow, report, window, error: shadowError }}
      notice={changeNotice(query.changed, query.previous)}
      entries={entries}
      stageError={stageError}
    />,
    status,
  )
}

async function candidateOf(kv: KVNamespace, tenant: string, input: z.infer<typeof BacktestFormSchema>): Promise<{ policy: Policy; source: BacktestSource } | { error: string }> {
  if (input.candidate === 'inline') {
    let parsed: unknown
    try {
      parsed = JSON.parse(input.policy ?? '')
    } catch {
      return { error: 'The pasted policy is not valid JSON.' }
    }
    const checked = validatePolicy(parsed)
    if (!checked.ok) return { error: `The pasted policy is invalid: ${checked.problems.slice(0, 3).map((p) => `${p.path}: ${p.message}`).join('; ')}.` }
    return { policy: checked.policy, source: 'inline' }
  }
  const version = input.candidate === 'staged' ? 'staged' : input.candidate.slice('version:'.length)
  const policy = await policyByVersion(kv, tenant, version)
  if (!policy) return { error: version === 'staged' ? 'Nothing valid is staged.' : `No stored version ${version}.` }
  return { policy, source: input.candidate === 'staged' ? 'staged' : 'version' }
}

export const policyRoutes = new Hono<ConsoleApp>()

policyRoutes.get('/policies', async (c) => {
  const query = PageQuery.safeParse(c.req.query())
  if (!query.success) return c.html(<ProblemPage problem="bad_request" detail="Choose versions from the lists." viewer={viewerOf(c)} />, 400)
  return renderPolicies(c, query.data, { input: DEFAULT_BACKTEST })
})

policyRoutes.post('/policies/backtest', limitBody(1024 * 1024), async (c) => {
  const page = PageQuery.parse({})
  const raw = await c.req.parseBody()
  const form = BacktestFormSchema.safeParse(raw)
  const echo: BacktestInput = {
    candidate: typeof raw.candidate === 'string' ? raw.candidate : 'staged',
    policy: typeof raw.policy === 'string' ? raw.policy.slice(0, 512 * 1024) : undefined,
    last: Number(raw.last) || DEFAULT_BACKTEST.last,
  }
  if (!form.success) return renderPolicies(c, page, { input: echo, error: `Choose a candidate and a number of decisions from 1 to ${MAX_BACKTEST_DECISIONS}.` }, 400)
  const candidate = await candidateOf(c.env.POLICY, c.get('tenant'), form.data)
  if ('error' in candidate) return renderPolicies(c, page, { input: echo, error: candidate.error }, 422)
  const report = await runBacktest(c.env, c.get('tenant'), candidate.policy, candidate.source, { last: form.data.last })
  return renderPolicies(c, page, { input: echo, report })
})

// The same service as POST /policy/fit: the candidate is staged and put in shadow, never activated.
policyRoutes.post('/policies/fit', limitBody(16 * 1024), async (c) => {
  const page = PageQuery.parse({})
  const raw = await c.req.parseBody()
  const form = FitFormSchema.safeParse(raw)
  const number = (v: unknown) => (typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined)
  const echo: FitInput = {
    friction: number(raw.friction) ?? DEFAULT_FIT.friction,
    review: number(raw.review) ?? DEFAULT_FIT.review,
    block: number(raw.block) ?? DEFAULT_FIT.block,
    false_positive: number(raw.false_positive),
    missed_fraud: number(raw.missed_fraud),
    review_capacity: number(raw.review_capacity),
    friction_capacity: number(raw.friction_capacity),
    max_recall_drop: number(raw.max_recall_drop),
    last: number(raw.last) ?? DEFAULT_FIT.last,
  }
  const backtest = { input: DEFAULT_BACKTEST }
  if (!form.success) {
    const error = `Give rates from 0 to 1 adding up to at most 1, both costs or neither, capacities and the recall drop from 0 to 1 (FRICTION's capacity only with REVIEW's), and 1 to ${MAX_BACKTEST_DECISIONS} decisions.`
    return renderPolicies(c, page, backtest, 400, { input: echo, error })
  }
  const f = form.data
  const targets =
    f.false_positive !== undefined && f.missed_fraud !== undefined
      ? { costs: { false_positive: f.false_positive, missed_fraud: f.missed_fraud } }
      : { rates: { friction: f.friction, review: f.review, block: f.block } }
  const capacity = f.review_capacity === undefined ? undefined : { review: f.review_capacity, ...(f.friction_capacity === undefined ? {} : { friction: f.friction_capacity }) }
  const report = await runPolicyFit(c.env, c.get('tenant'), {
    targets,
    window: { last: f.last },
    stage: true,
    holdout: 0.3,
    seed: 1,
    ...(capacity ? { capacity } : {}),
    ...(f.max_recall_drop === undefined ? {} : { max_recall_drop: f.max_recall_drop }),
  })
  if (!report.ok && report.reason === 'over_capacity') {
    const r = report.capacity
    const error = `The candidate exceeds the review capacity on the held-back decisions (REVIEW ${percentOf(r.review.held_back_share)} of ${percentOf(r.review.limit)}, FRICTION ${percentOf(r.friction.held_back_share)} of ${percentOf(r.friction.limit)}) even with its thresholds raised. Nothing was staged.`
    return renderPolicies(c, page, backtest, 422, { input: echo, error })
  }
  if (!report.ok && report.reason === 'recall_drop') return renderPolicies(c, page, backtest, 422, { input: echo, error: describeRecallDrop(report.recall) })
  if (!report.ok && report.reason === 'no_improvement') return renderPolicies(c, page, backtest, 422, { input: echo, error: describeNoImprovement(report.expected_cost) })
  if (!report.ok) {
    const error = `Too few fraud labels to fit: ${report.counts.fraud} of the ${report.counts.minimum_fraud} needed (among ${report.counts.labelled} labelled decisions). Nothing was proposed.`
    return renderPolicies(c, page, backtest, 422, { input: echo, error })
  }
  return renderPolicies(c, page, backtest, 200, { input: echo, report })
})

const ConfirmQuery = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reload') }),
  z.object({ action: z.literal('rollback'), version: PolicyVersion }),
])

policyRoutes.get('/policies/confirm', async (c) => {
  const query = ConfirmQuery.safeParse(c.req.query())
  if (!query.success) return c.html(<ProblemPage problem="bad_request" detail="Choose a version from the policies page." viewer={viewerOf(c)} />, 400)
  const target = query.data.action === 'reload' ? 'staged' : query.data.version
  const tenant = c.get('tenant')
  const overview = await policyOverview(c.env.POLICY, tenant)
  const policy = await policyByVersion(c.env.POLICY, tenant, target)
  if (!policy) return c.html(<ProblemPage problem="not_found" detail={target === 'staged' ? 'Nothing valid is staged.' : `No stored version ${target}.`} viewer={viewerOf(c)} />, 404)
  return c.html(
    <ConfirmPage
      viewer={viewerOf(c)}
      action={query.data.action}
      activeVersion={overview.active.policy.version}
      targetVersion={policy.version}
      changes={diffPolicies(overview.active.policy, policy)}
    />,
  )
})

/**
 * The page after a reload or rollback (policy/control.ts ran it and counted it): back to the policies with
 * the change named, or the policies page with the message (404 for an unknown version; a refused policy
 * and a store that could not be updated both 422).
 */
async function afterChange(c: Context<ConsoleApp>, result: PolicyMutation) {
  announcePolicyChange(c, result, c.get('analyst'))
  if (!result.ok) {
    return renderPolicies(c, PageQuery.parse({}), { input: DEFAULT_BACKTEST, error: result.message }, result.reason === 'not_found' ? 404 : 422)
  }
  const { previous_version: previous, new_version: next } = result.swap
  return c.redirect(consolePath(c.get('tenant'), '/console/policies', { changed: next, previous }), 303)
}

policyRoutes.post('/policies/reload', limitBody(16 * 1024), async (c) =>
  afterChange(c, await reloadPolicy(c.env, { tenant: c.get('tenant'), requestId: c.get('requestId'), report: policyReloadReporter(c), principal: c.get('analyst') })),
)

policyRoutes.post('/policies/rollback', limitBody(16 * 1024), async (c) => {
  const form = z.object({ version: PolicyVersion }).safeParse(await c.req.parseBody())
  if (!form.success) return c.html(<ProblemPage problem="bad_request" detail="Choose a version from the policies page." viewer={viewerOf(c)} />, 400)
  return afterChange(c, await rollbackPolicy(c.env, form.data.version, { tenant: c.get('tenant'), requestId: c.get('requestId'), report: policyReloadReporter(c), principal: c.get('analyst') }))
})

const ShadowForm = z.object({ target: z.union([z.literal('staged'), z.templateLiteral(['version:', z.string().max(64)])]) })

// Shadow set and clear, as POST /policy/shadow and DELETE /policy/shadow do (the same store): no confirmation,
// since a shadow never changes an answer.
policyRoutes.post('/policies/shadow', limitBody(16 * 1024), async (c) => {
  const form = ShadowForm.safeParse(await c.req.parseBody())
  if (!form.success) return c.html(<ProblemPage problem="bad_request" detail="Choose a policy from the list." viewer={viewerOf(c)} />, 400)
  const tenant = c.get('tenant')
  const target: ShadowTarget = form.data.target === 'staged' ? { staged: true } : { version: form.data.target.slice('version:'.length) }
  try {
    rememberShadowPolicy(tenant, await setShadow(c.env.POLICY, tenant, target))
  } catch (err) {
    // A missing or invalid target is the operator's to fix: the page says why.
    if (err instanceof ApiError && err.status < 500) return renderPolicies(c, PageQuery.parse({}), { input: DEFAULT_BACKTEST }, err.status === 404 ? 404 : 422, undefined, err.message)
    throw err
  }
  return c.redirect(consolePath(tenant, '/console/policies', {}, 'shadow'), 303)
})

policyRoutes.post('/policies/shadow/clear', limitBody(16 * 1024), async (c) => {
  const tenant = c.get('tenant')
  await clearShadow(c.env.POLICY, tenant)
  rememberShadowPolicy(tenant, null)
  return c.redirect(consolePath(tenant, '/console/policies', {}, 'shadow'), 303)
})

/** 1 MiB, as PUT /policy/staged: a policy with long block lists is the largest document an operator pastes. */
const MAX_STAGE_FORM_BYTES = 1024 * 1024

// Stage and unstage, through the tenant's PolicyDO as PUT and DELETE /policy/staged do.
policyRoutes.post('/policies/stage', limitBody(MAX_STAGE_FORM_BYTES + 16 * 1024), async (c) => {
  const form = z.object({ policy: z.string().max(MAX_STAGE_FORM_BYTES) }).safeParse(await c.req.parseBody())
  const refuse = (message: string) => renderPolicies(c, PageQuery.parse({}), { input: DEFAULT_BACKTEST }, 422, undefined, undefined, message)
  if (!form.success) return refuse('Paste a policy document (at most 1 MiB).')
  let document: unknown
  try {
    document = JSON.parse(form.data.policy)
  } catch {
    return refuse('The pasted policy is not valid JSON; nothing was staged.')
  }
  const result = await stageTenantPolicy(c.env, c.get('tenant'), document)
  if (!result.ok) {
    const reasons = result.reason === 'invalid' ? ` ${result.problems.slice(0, 3).map((p) => `${p.path}: ${p.message}`).join('; ')}.` : ''
    return refuse(`${result.message}${reasons}`)
  }
  return c.redirect(consolePath(c.get('tenant'), '/console/policies', {}, 'staged'), 303)
})

policyRoutes.post('/policies/unstage', limitBody(16 * 1024), async (c) => {
  await unstageTenantPolicy(c.env, c.get('tenant'))
  return c.redirect(consolePath(c.get('tenant'), '/console/policies', {}, 'staged'), 303)
})
