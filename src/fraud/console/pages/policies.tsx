/**
 * @module
 * The policies page: versions, a diff of two of them, the backtest form and its report, the shadow report.
 */
import type { BacktestReport } from '../../operator/backtest/run.ts'
import type { ShadowReport } from '../../operator/shadow/report.ts'
import type { ShadowPolicy } from '../../operator/shadow/store.ts'
import { BacktestForm, BacktestResult, type BacktestInput } from '../components/backtest.tsx'
import { Layout, type Viewer } from '../components/layout.tsx'
import { FitForm, FitResult, type FitInput } from '../components/policy-fit.tsx'
import type { FitReport } from '../../operator/fit/run.ts'
import { Notice } from '../components/notice.tsx'
import { DiffForm, DiffTable } from '../components/policy-diff.tsx'
import { PolicyVersions } from '../components/policy-versions.tsx'
import { ShadowSection, type ShadowWindow } from '../components/shadow.tsx'
import type { PolicyOverview, VersionEntry } from '../../policy/versions.ts'
import type { PolicyChange } from '../../policy/diff.ts'

export interface PoliciesPageProps {
  viewer: Viewer
  overview: PolicyOverview
  diff?: { from: string; to: string; changes: PolicyChange[] | null }
  backtest: { input: BacktestInput; report?: BacktestReport; error?: string }
  shadow: { policy: ShadowPolicy | null; report: ShadowReport | null; window: ShadowWindow; error?: string }
  fit: { input: FitInput; report?: FitReport & { ok: true }; error?: string }
  notice?: string
  /** Every version's activation time and principal. */
  entries?: VersionEntry[]
  /** Why a document pasted into the stage form was refused. */
  stageError?: string
}

export function PoliciesPage({ viewer, overview, diff, backtest, shadow, fit, notice, entries, stageError }: PoliciesPageProps) {
  return (
    <Layout title="Policies" section="policies" viewer={viewer}>
      {notice && <Notice tone="ok">{notice}</Notice>}
      <p class="lede">Compare versions, try a candidate on past decisions, watch it in shadow, then reload it or roll back.</p>
      <PolicyVersions tenant={viewer.tenant} overview={overview} entries={entries} stageError={stageError} />
      <section id="diff" aria-labelledby="h-diff">
        <h2 id="h-diff">Diff two versions</h2>
        <DiffForm
          tenant={viewer.tenant}
          versions={overview.versions}
          stagedValid={overview.staged?.ok === true}
          from={diff?.from ?? overview.active.policy.version}
          to={diff?.to ?? (overview.staged?.ok ? 'staged' : overview.versions.find((v) => v !== overview.active.policy.version))}
        />
        {diff && diff.changes === null && <Notice tone="error">One of these versions is not stored (or nothing valid is staged).</Notice>}
        {diff && diff.changes !== null && <DiffTable from={diff.from} to={diff.to} changes={diff.changes} />}
      </section>
      <section id="backtest" aria-labelledby="h-backtest">
        <h2 id="h-backtest">Backtest</h2>
        <p class="muted">Re-scores stored decisions with the candidate, from the features kept at decision time. Nothing changes for callers.</p>
        {backtest.error && <Notice tone="error">{backtest.error}</Notice>}
        <BacktestForm tenant={viewer.tenant} versions={overview.versions} input={backtest.input} stagedValid={overview.staged?.ok === true} />
        {backtest.report && <BacktestResult report={backtest.report} />}
      </section>
      <section id="fit" aria-labelledby="h-fit">
        <h2 id="h-fit">Fit a candidate</h2>
        <p class="muted">Fits the signal weights and thresholds to the recorded outcomes, reports on decisions held back, and stages the candidate in shadow. Nothing becomes active until you reload.</p>
        {fit.error && <Notice tone="error">{fit.error}</Notice>}
        <FitForm tenant={viewer.tenant} input={fit.input} />
        {fit.report && <FitResult report={fit.report} />}
      </section>
      <ShadowSection
        tenant={viewer.tenant}
        shadow={shadow.policy}
        report={shadow.report}
        window={shadow.window}
        versions={overview.versions}
        stagedValid={overview.staged?.ok === true}
        error={shadow.error}
      />
    </Layout>
  )
}
