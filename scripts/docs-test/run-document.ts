/**
 * @module
 * Runs one document's shell examples in order, in one bash session (so a variable set by one example is
 * there for the next), and checks each step against the output the document shows.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { mismatches } from './match.ts'
import type { ShellBlock } from './extract.ts'
import type { Pattern } from './pattern.ts'
import type { Step } from './steps.ts'
import { shellSteps } from './steps.ts'

/** How the commands of the documents reach the workers this run started. */
export interface Target {
  /** Text in a command and what replaces it, e.g. `localhost:8788` → `localhost:8798`. */
  replacements: [string, string][]
  workDir: string
  timeoutSeconds: number
  /** Where the scripts the documents call find the workers: their local storage and the fraud worker's URL. */
  stateDir: string
  fraudUrl: string
}

export interface StepResult {
  step: Step
  problems: string[]
}

const STATUS_MARK = '__docs_test_status__'

// Every curl also writes its HTTP status to stderr, where the runner reads it; the documents stay plain curl.
// The project's scripts default to npm run dev's storage and port; unless an example names its own, they are
// given the test's (policy:stage --env/--check/--url never touch local storage).
const PRELUDE = `curl() { command curl --max-time 120 -w '%{stderr}\\n${STATUS_MARK} %{http_code}\\n' "$@"; }
npm() {
  if [ "$1" = run ]; then
    local extra=()
    case "$2" in
      policy:stage) printf '%s\\n' "$@" | grep -qxE -- '--env|--check|--persist-to|--url' || extra=(--persist-to "$DOCS_TEST_STATE") ;;
      policy:fit|simulate) printf '%s\\n' "$@" | grep -qx -- '--url' || extra=(--url "$DOCS_TEST_FRAUD_URL") ;;
      archive:pull)
        printf '%s\\n' "$@" | grep -qx -- '--url' || extra=(--url "$DOCS_TEST_FRAUD_URL")
        printf '%s\\n' "$@" | grep -qx -- '--persist-to' || extra+=(--persist-to "$DOCS_TEST_STATE") ;;
    esac
    if [ \${#extra[@]} -gt 0 ]; then printf '%s\\n' "$@" | grep -qx -- '--' || extra=(-- "\${extra[@]}"); set -- "$@" "\${extra[@]}"; fi
  fi
  command npm "$@"
}
`

/**
 * @example
 * const results = runDocument(blocks, { replacements: [['localhost:8788', 'localhost:8798']], workDir: '.wrangler/docs-test/run', timeoutSeconds: 600 })
 */
export function runDocument(blocks: ShellBlock[], target: Target): StepResult[] {
  const steps = blocks.filter((block) => !block.skip).flatMap((block) => shellSteps(block.code, block.line))
  if (steps.length === 0) return []
  rmSync(target.workDir, { recursive: true, force: true })
  mkdirSync(target.workDir, { recursive: true })
  const script = PRELUDE + steps.map((step, i) => wrap(localise(step.command, target), join(target.workDir, String(i)))).join('')
  const env = { ...process.env, DOCS_TEST_STATE: target.stateDir, DOCS_TEST_FRAUD_URL: target.fraudUrl }
  spawnSync('bash', ['-c', script], { stdio: ['ignore', 'inherit', 'inherit'], timeout: target.timeoutSeconds * 1000, env })
  return steps.map((step, i) => ({ step, problems: check(step, join(target.workDir, String(i))) }))
}

function localise(command: string, target: Target): string {
  return target.replacements.reduce((text, [from, to]) => text.split(from).join(to), command)
}

// A brace group runs in the same shell, so assignments carry on to the next step.
function wrap(command: string, base: string): string {
  return `{\n${command}\n} >'${base}.out' 2>'${base}.err' </dev/null\necho $? >'${base}.rc'\n`
}

function check(step: Step, base: string): string[] {
  const rc = read(`${base}.rc`)
  if (rc === undefined) return ['did not run (an earlier step stopped the document, or the time limit passed)']
  const stdout = read(`${base}.out`) ?? ''
  const stderr = read(`${base}.err`) ?? ''
  const statuses = [...stderr.matchAll(new RegExp(`${STATUS_MARK} (\\d{3})`, 'g'))].map((m) => Number(m[1]))
  const errors = stderr.replace(new RegExp(`\\n?${STATUS_MARK} \\d{3}\\n?`, 'g'), '').trim()
  const problems: string[] = []
  if (rc.trim() !== '0') problems.push(`exited with ${rc.trim()}${errors ? `: ${errors.slice(-400)}` : ''}`)
  const status = statuses.at(-1)
  const wanted = step.expected?.status
  if (wanted !== undefined && status !== wanted) problems.push(`status: shown ${wanted}, got ${status ?? 'no HTTP call'}`)
  if (wanted === undefined) {
    const failed = statuses.filter((s) => s < 200 || s >= 400)
    if (failed.length > 0) problems.push(`status: got ${failed.join(', ')} (a failure status must be shown, e.g. "# 404 {…}")`)
  }
  const pattern = step.expected?.pattern
  if (pattern) problems.push(...compare(pattern, stdout))
  return problems
}

function compare(pattern: Pattern, stdout: string): string[] {
  const text = stdout.trim()
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    // Not JSON: a shown string is compared with the text itself.
    return pattern.kind === 'string' ? mismatches(pattern, text) : [`the answer is not JSON: ${text.slice(0, 200) || '(empty)'}`]
  }
  return mismatches(pattern, value)
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}
