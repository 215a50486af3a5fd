/**
 * @module
 * Starts the long-running processes of `npm run ops:check` (wrangler dev, Prometheus) in their own process
 * groups, with their output in a log file, and stops every one of them, children included.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { openSync, readFileSync } from 'node:fs'

export interface Started {
  name: string
  child: ChildProcess
  logPath: string
}

const started: Started[] = []

/**
 * Spawns `command` detached (its own process group, so stopping it also stops what npx and wrangler start
 * under it), with stdout and stderr in `logPath`.
 *
 * @example
 * const prometheus = startProcess('prometheus', 'prometheus', ['--config.file=p.yml'], '/tmp/x/prometheus.log')
 */
export function startProcess(name: string, command: string, args: string[], logPath: string, env: NodeJS.ProcessEnv = process.env): Started {
  const log = openSync(logPath, 'a')
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log], env })
  const entry = { name, child, logPath }
  started.push(entry)
  return entry
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

/**
 * Stops every started process group: SIGTERM, then SIGKILL after 5 s for whatever is left.
 *
 * @example
 * await stopAll()
 */
export async function stopAll(): Promise<void> {
  const running = started.splice(0)
  for (const { child } of running) signalGroup(child, 'SIGTERM')
  await Promise.all(
    running.map(async ({ child }) => {
      if (!(await exited(child, 5000))) signalGroup(child, 'SIGKILL')
      // wrangler's workerd may outlive its parent for a moment; the group signal reaches it too.
      signalGroup(child, 'SIGKILL')
    }),
  )
}

/** The last `lines` lines of a process's log, to show why it failed. */
export function tail(entry: Started, lines = 30): string {
  try {
    return readFileSync(entry.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/**
 * Polls `probe` until it returns a value (not undefined) or `timeoutMs` passes; a process of `watch` that
 * exits meanwhile fails at once with its log.
 *
 * @example
 * await waitFor('fraud worker', () => fetchOk(url), 90_000, [fraud])
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, watch: Started[] = []): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const entry of watch) {
      if (entry.child.exitCode !== null) throw new Error(`${entry.name} exited with ${entry.child.exitCode} while waiting for ${what}:\n${tail(entry)}`)
    }
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) {
      const logs = watch.map((entry) => `--- ${entry.name} (${entry.logPath})\n${tail(entry)}`).join('\n')
      throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.${logs ? `\n${logs}` : ''}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
