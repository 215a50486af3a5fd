/**
 * @module
 * CPU time of local processes from /proc (Linux only): what a route costs the server in CPU, a figure a
 * shared machine disturbs far less than requests per second.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

/** The fields of /proc/PID/stat after the command name (which may itself contain spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/**
 * The ids of the live child processes of `parent`.
 *
 * @example
 * const before = new Set(childPids()); await startServer(); const server = childPids().filter((p) => !before.has(p))
 */
export function childPids(parent = process.pid): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (Number(statFields(Number(entry))[1]) === parent) children.push(Number(entry))
    } catch {
      // The process ended while the list was read.
    }
  }
  return children
}

function cpuTicks(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const fields = statFields(pid)
      ticks += Number(fields[11]) + Number(fields[12]) + cpuTicks(childPids(pid))
    } catch {
      // Ended: its time is no longer counted, on both sides of a difference.
    }
  }
  return ticks
}

/**
 * User plus system CPU time, in ms, spent so far by these processes and their children.
 *
 * @example
 * const before = cpuMs(pids); await work(); const spent = cpuMs(pids) - before
 */
export function cpuMs(pids: number[]): number {
  return (cpuTicks(pids) * 1000) / TICKS_PER_SECOND
}

/** Cores these processes kept busy: on average over the sampling, and in the busiest interval. */
export interface CoreUse {
  mean: number
  max: number
}

/**
 * Samples the cores these processes use every `intervalMs` until `stop()`, which returns the figures: how
 * near a server runs to its limit (workerd runs a worker's JavaScript on one thread, so near 1 is full).
 *
 * @example
 * const sampler = sampleCoreUse(pids); await traffic(); const { mean, max } = sampler.stop()
 */
export function sampleCoreUse(pids: number[], intervalMs = 5000): { stop(): CoreUse } {
  const started = { at: performance.now(), cpu: cpuMs(pids) }
  let last = started
  let max = 0
  const timer = setInterval(() => {
    const now = { at: performance.now(), cpu: cpuMs(pids) }
    max = Math.max(max, (now.cpu - last.cpu) / (now.at - last.at))
    last = now
  }, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      const end = { at: performance.now(), cpu: cpuMs(pids) }
      return { mean: (end.cpu - started.cpu) / Math.max(1, end.at - started.at), max }
    },
  }
}
