/**
 * @module
 * `npm run ops:check`: proves the ops/ files against the real thing. Checks the Prometheus config and the
 * alert rules with promtool (and runs their unit tests), starts both workers as `npm run dev` does (in a
 * throw-away storage directory), sends a little real traffic, has a real Prometheus scrape the fraud
 * worker every second, and runs every query of the Grafana dashboard through it. Exits non-zero when a
 * check fails or a query returns no data; stops everything it started; gives up after a time limit.
 *
 * Ports (defaults as `npm run dev`): INGREDIENT_PORT=8787 FRAUD_PORT=8788 INGREDIENT_INSPECTOR_PORT=9229
 * FRAUD_INSPECTOR_PORT=9230 PROMETHEUS_PORT=9095; OPS_CHECK_TIMEOUT_SECONDS=300.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { lintDashboard, panelQueries, runQuery, substitute } from './dashboard.ts'
import { startProcess, stopAll, waitFor, type Started } from './processes.ts'
import { sendTraffic } from './traffic.ts'

const DASHBOARD = 'ops/grafana/fraud-dashboard.json'
const RULES = 'ops/alerts.yml'
const RULE_TESTS = 'ops/alerts.test.yml'
const PROMETHEUS_CONFIG = 'ops/prometheus.yml'

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number, got ${process.env[name]}`)
  return value
}

const ports = {
  ingredient: port('INGREDIENT_PORT', 8787),
  fraud: port('FRAUD_PORT', 8788),
  ingredientInspector: port('INGREDIENT_INSPECTOR_PORT', 9229),
  fraudInspector: port('FRAUD_INSPECTOR_PORT', 9230),
  prometheus: port('PROMETHEUS_PORT', 9095),
}
const timeLimitSeconds = Number(process.env.OPS_CHECK_TIMEOUT_SECONDS ?? 300)

/** The values Grafana would give the dashboard's variables against this short-lived Prometheus. */
const GRAFANA_VARIABLES: Record<string, string> = {
  env: 'development',
  // "All" tenants, as Grafana sends a multi-value variable with allValue ".*".
  tenant: '.*',
  // Grafana's $__rate_interval is at least four scrape intervals; one minute covers the whole run here.
  __rate_interval: '1m',
  __interval: '15s',
  __range: '5m',
}

const failures: string[] = []

function section(title: string): void {
  console.log(`\n== ${title}`)
}

/** Runs a command to completion, prints its output indented, and records a failure. */
function check(title: string, command: string, args: string[], input?: string): void {
  const run = spawnSync(command, args, { encoding: 'utf8', input })
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trimEnd()
  const ok = run.status === 0
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${title}: ${[command, ...args].join(' ')}`)
  if (output) console.log(output.replace(/^/gm, '      '))
  if (!ok) failures.push(title)
}

function requireCommand(command: string): void {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    console.error(`${command} is not installed. Install Debian's prometheus package: sudo apt-get install -y prometheus`)
    process.exit(1)
  }
}

function wrangler(args: string[], logPath: string, name: string): Started {
  return startProcess(name, resolve('node_modules/.bin/wrangler'), args, logPath, { ...process.env, WRANGLER_SEND_METRICS: 'false' })
}

async function fetchOk(url: string): Promise<true | undefined> {
  const response = await fetch(url)
  await response.arrayBuffer()
  return response.ok ? true : undefined
}

async function promScalar(prometheus: string, expr: string): Promise<number | undefined> {
  const result = await runQuery(prometheus, expr)
  if (!result.ok) return undefined
  return Number(result.lines[0]?.split(' ').at(-1))
}

async function live(workDir: string): Promise<void> {
  const state = join(workDir, 'state')
  const fraudUrl = `http://127.0.0.1:${ports.fraud}`
  const ingredientUrl = `http://127.0.0.1:${ports.ingredient}`
  const prometheusUrl = `http://127.0.0.1:${ports.prometheus}`

  section(`Workers (wrangler dev --local, storage in ${state})`)
  const migrate = spawnSync(resolve('node_modules/.bin/wrangler'), ['d1', 'migrations', 'apply', 'evidence', '--local', '-c', 'wrangler.fraud.toml', '--persist-to', state], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  if (migrate.status !== 0) throw new Error(`D1 migrations failed:\n${migrate.stdout}${migrate.stderr}`)
  const devArgs = (config: string, devPort: number, inspector: number) =>
    ['dev', '--local', '-c', config, '--ip', '127.0.0.1', '--port', String(devPort), '--inspector-port', String(inspector), '--persist-to', state]
  // One after the other: two workerd processes creating the same fresh state at once can hit SQLITE_BUSY.
  const fraud = wrangler(devArgs('wrangler.fraud.toml', ports.fraud, ports.fraudInspector), join(workDir, 'fraud.log'), 'fraud worker')
  await waitFor('the fraud worker', () => fetchOk(`${fraudUrl}/health`), 120_000, [fraud])
  const ingredient = wrangler(devArgs('wrangler.ingredient.toml', ports.ingredient, ports.ingredientInspector), join(workDir, 'ingredient.log'), 'ingredient worker')
  await waitFor('the ingredient worker', () => fetchOk(`${ingredientUrl}/`), 120_000, [ingredient])
  console.log(`ok   fraud worker on ${fraudUrl}, ingredient worker on ${ingredientUrl}`)

  section(`Prometheus on ${prometheusUrl}, scraping ${fraudUrl}/metrics every second`)
  // JSON is YAML: the scrape job of ops/prometheus.yml for development, on this run's port and at 1 s.
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: [resolve(RULES)],
    scrape_configs: [
      { job_name: 'fraud-decision-local', metrics_path: '/metrics', static_configs: [{ targets: [`127.0.0.1:${ports.fraud}`], labels: { env: 'development' } }] },
    ],
  }
  const configPath = join(workDir, 'prometheus.yml')
  writeFileSync(configPath, JSON.stringify(config, null, 2))
  mkdirSync(join(workDir, 'tsdb'))
  const prometheus = startProcess(
    'prometheus',
    'prometheus',
    [`--config.file=${configPath}`, `--storage.tsdb.path=${join(workDir, 'tsdb')}`, `--web.listen-address=127.0.0.1:${ports.prometheus}`],
    join(workDir, 'prometheus.log'),
  )
  await waitFor('Prometheus to be ready', () => fetchOk(`${prometheusUrl}/-/ready`), 30_000, [prometheus])
  await waitFor('a first successful scrape', async () => ((await promScalar(prometheusUrl, 'up{job="fraud-decision-local"}')) === 1 ? true : undefined), 30_000, [prometheus])
  console.log('ok   first scrape done (up == 1)')

  section(`Traffic to ${fraudUrl}`)
  const traffic = await sendTraffic(fraudUrl, state, workDir, Date.now().toString(36))
  await waitFor(
    'Prometheus to scrape the traffic',
    async () => {
      const decisions = await promScalar(prometheusUrl, 'sum(fraud_decisions_total{job="fraud-decision-local"})')
      const policy = await promScalar(prometheusUrl, `fraud_policy_info{version="${traffic.policyVersion}"}`)
      return decisions !== undefined && decisions >= traffic.decisions && policy === 1 ? true : undefined
    },
    30_000,
    [prometheus, fraud],
  )
  // A few more scrapes, so every rate window holds samples from before and after the traffic.
  await new Promise((done) => setTimeout(done, 3000))
  console.log('ok   Prometheus has scraped the traffic')

  section('promtool check metrics (a scrape of /metrics)')
  const scrape = await (await fetch(`${fraudUrl}/metrics`)).text()
  check('/metrics is valid exposition text', 'promtool', ['check', 'metrics'], scrape)

  section(`Dashboard queries (${DASHBOARD}), variables: ${JSON.stringify(GRAFANA_VARIABLES)}`)
  const envValues = (await (await fetch(`${prometheusUrl}/api/v1/label/env/values?${new URLSearchParams({ 'match[]': 'fraud_decisions_total' })}`)).json()) as { data?: string[] }
  const envOk = envValues.data?.includes('development') === true
  console.log(`${envOk ? 'ok  ' : 'FAIL'} variable $env: label_values(fraud_decisions_total, env) = ${JSON.stringify(envValues.data ?? [])}`)
  if (!envOk) failures.push('dashboard variable $env')
  const tenantValues = (await (await fetch(`${prometheusUrl}/api/v1/label/tenant/values?${new URLSearchParams({ 'match[]': 'fraud_decisions_total' })}`)).json()) as { data?: string[] }
  const tenantOk = tenantValues.data?.includes('default') === true
  console.log(`${tenantOk ? 'ok  ' : 'FAIL'} variable $tenant: label_values(fraud_decisions_total, tenant) = ${JSON.stringify(tenantValues.data ?? [])}`)
  if (!tenantOk) failures.push('dashboard variable $tenant')
  for (const query of panelQueries(DASHBOARD)) {
    const expr = substitute(query.expr, GRAFANA_VARIABLES)
    const result = await runQuery(prometheusUrl, expr)
    console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${query.panel}${query.legend ? ` [${query.legend}]` : ''}\n      ${expr}`)
    for (const line of result.lines) console.log(`        ${line}`)
    if (!result.ok) failures.push(`panel "${query.panel}" ${query.legend}`)
  }

  section('Alert rules loaded by Prometheus')
  const expected = (readFileSync(RULES, 'utf8').match(/^\s*- alert: /gm) ?? []).length
  const rules = await waitFor(
    'every rule to be evaluated',
    async () => {
      const body = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as { data: { groups: { rules: { name: string; health: string; state?: string; lastError?: string }[] }[] } }
      const all = body.data.groups.flatMap((g) => g.rules)
      return all.length === expected && all.every((r) => r.health !== 'unknown') ? all : undefined
    },
    15_000,
    [prometheus],
  )
  for (const rule of rules) {
    const ok = rule.health === 'ok'
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${rule.name}: health ${rule.health}, state ${rule.state ?? '-'}${rule.lastError ? `, ${rule.lastError}` : ''}`)
    if (!ok) failures.push(`rule ${rule.name}`)
  }
}

async function main(): Promise<void> {
  requireCommand('promtool')
  requireCommand('prometheus')
  const workDir = mkdtempSync(join(tmpdir(), 'ops-check-'))
  const limit = setTimeout(() => {
    console.error(`\nops:check: over its time limit of ${timeLimitSeconds} s; stopping. Logs kept in ${workDir}`)
    void stopAll().then(() => process.exit(1))
  }, timeLimitSeconds * 1000)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stopAll().then(() => process.exit(130)))
  }

  section('Static checks')
  check('Prometheus config', 'promtool', ['check', 'config', '--syntax-only', PROMETHEUS_CONFIG])
  check('Alert rules', 'promtool', ['check', 'rules', RULES])
  check('Alert rule unit tests', 'promtool', ['test', 'rules', RULE_TESTS])
  const dashboardProblems = lintDashboard(DASHBOARD)
  console.log(`${dashboardProblems.length === 0 ? 'ok  ' : 'FAIL'} Dashboard structure: ${DASHBOARD}`)
  for (const problem of dashboardProblems) console.log(`      ${problem}`)
  if (dashboardProblems.length > 0) failures.push('dashboard structure')

  try {
    await live(workDir)
  } catch (err) {
    failures.push(err instanceof Error ? err.message : String(err))
    console.error(`\nFAIL ${err instanceof Error ? err.message : String(err)}`)
  } finally {
    await stopAll()
    clearTimeout(limit)
  }

  section('Result')
  if (failures.length > 0) {
    console.log(`ops:check failed (${failures.length}): ${failures.map((f) => f.split('\n')[0]).join('; ')}\nLogs kept in ${workDir}`)
    process.exit(1)
  }
  rmSync(workDir, { recursive: true, force: true })
  console.log('ops:check passed: rules and config valid, rule tests pass, every dashboard query returned data.')
  process.exit(0)
}

await main()
