/**
 * @module
 * Reads the Grafana dashboard's panel queries, substitutes Grafana's variables as Grafana would, and runs
 * each through Prometheus's HTTP API, reporting whether it returned data.
 */
import { readFileSync } from 'node:fs'

interface DataSourceRef {
  type?: string
  uid?: string
}

interface Target {
  expr?: string
  legendFormat?: string
  refId?: string
  datasource?: DataSourceRef
}

interface Panel {
  id?: number
  title: string
  type: string
  datasource?: DataSourceRef
  gridPos?: { h: number; w: number; x: number; y: number }
  targets?: Target[]
  panels?: Panel[]
}

interface Dashboard {
  uid?: string
  title?: string
  panels: Panel[]
  templating?: { list: { name: string; type: string; query?: unknown }[] }
}

/** Every panel, rows' nested panels included, in dashboard order. */
function allPanels(dashboard: Dashboard): Panel[] {
  const out: Panel[] = []
  const visit = (panels: Panel[]) => {
    for (const panel of panels) {
      out.push(panel)
      visit(panel.panels ?? [])
    }
  }
  visit(dashboard.panels)
  return out
}

/**
 * What Grafana needs to import the dashboard and point it at any Prometheus: a uid and title, a
 * `datasource` variable of type prometheus, every query panel and target on `${datasource}`, unique panel
 * ids, a grid position per panel and unique refIds within a panel. Returns the problems found.
 *
 * @example
 * lintDashboard('ops/grafana/fraud-dashboard.json') // []
 */
export function lintDashboard(dashboardPath: string): string[] {
  const dashboard = JSON.parse(readFileSync(dashboardPath, 'utf8')) as Dashboard
  const problems: string[] = []
  if (!dashboard.uid || !dashboard.title) problems.push('the dashboard needs a uid and a title')
  const variable = dashboard.templating?.list.find((v) => v.name === 'datasource')
  if (variable?.type !== 'datasource' || variable.query !== 'prometheus') problems.push('no datasource variable of type prometheus')
  const ids = new Set<number>()
  for (const panel of allPanels(dashboard)) {
    const name = `panel "${panel.title}"`
    if (panel.id === undefined || ids.has(panel.id)) problems.push(`${name}: missing or duplicate id`)
    if (panel.id !== undefined) ids.add(panel.id)
    if (!panel.gridPos) problems.push(`${name}: no gridPos`)
    if (panel.type === 'row') continue
    if (panel.datasource?.uid !== '${datasource}') problems.push(`${name}: datasource is not \${datasource}`)
    const refIds = new Set<string>()
    for (const target of panel.targets ?? []) {
      if (!target.refId || refIds.has(target.refId)) problems.push(`${name}: missing or duplicate refId`)
      if (target.refId) refIds.add(target.refId)
      if (target.datasource && target.datasource.uid !== '${datasource}') problems.push(`${name}: a target's datasource is not \${datasource}`)
      if (!target.expr) problems.push(`${name}: a target without expr`)
    }
    if ((panel.targets ?? []).length === 0) problems.push(`${name}: no query`)
  }
  return problems
}

export interface PanelQuery {
  panel: string
  legend: string
  expr: string
}

/**
 * Every query of every panel (rows' nested panels included), in dashboard order.
 *
 * @example
 * panelQueries('ops/grafana/fraud-dashboard.json')[0] // { panel: 'Decisions per second', legend: 'decisions/s', expr: 'sum(rate(...' }
 */
export function panelQueries(dashboardPath: string): PanelQuery[] {
  const dashboard = JSON.parse(readFileSync(dashboardPath, 'utf8')) as Dashboard
  return allPanels(dashboard).flatMap((panel) =>
    (panel.targets ?? []).flatMap((target) => (target.expr ? [{ panel: panel.title, legend: target.legendFormat ?? '', expr: target.expr }] : [])),
  )
}

/**
 * Replaces `$name` and `${name}` (Grafana's variable syntax) with the given values; an unknown variable
 * is an error, so a new variable in the dashboard cannot slip past the check.
 *
 * @example
 * substitute('rate(x{env=~"$env"}[$__rate_interval])', { env: 'development', __rate_interval: '1m' })
 */
export function substitute(expr: string, values: Record<string, string>): string {
  return expr.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? ''
    const value = values[name]
    if (value === undefined) throw new Error(`Unknown Grafana variable ${whole} in: ${expr}`)
    return value
  })
}

interface PromSample {
  metric: Record<string, string>
  value: [number, string]
}

export interface QueryResult {
  ok: boolean
  /** One line per series (labels and value), or why there is nothing. */
  lines: string[]
}

function describeLabels(metric: Record<string, string>): string {
  const labels = Object.entries(metric).map(([k, v]) => `${k}="${v}"`)
  return labels.length === 0 ? '{}' : `{${labels.join(',')}}`
}

/**
 * Runs an instant query; ok when it answered with at least one finite number (a NaN from a rate over no
 * increase is no data).
 *
 * @example
 * await runQuery('http://127.0.0.1:9095', 'up')
 */
export async function runQuery(prometheus: string, expr: string): Promise<QueryResult> {
  const response = await fetch(`${prometheus}/api/v1/query?${new URLSearchParams({ query: expr })}`)
  const body = (await response.json()) as { status: string; error?: string; data?: { resultType: string; result: PromSample[] | [number, string] } }
  if (body.status !== 'success' || !body.data) return { ok: false, lines: [`error: ${body.error ?? response.status}`] }
  const samples: PromSample[] =
    body.data.resultType === 'scalar' ? [{ metric: {}, value: body.data.result as [number, string] }] : (body.data.result as PromSample[])
  if (samples.length === 0) return { ok: false, lines: ['no data: empty result'] }
  const lines = samples.map((s) => `${describeLabels(s.metric)} ${s.value[1]}`)
  const finite = samples.some((s) => Number.isFinite(Number(s.value[1])))
  return { ok: finite, lines: finite ? lines : [...lines, 'no data: every value is NaN or infinite'] }
}
