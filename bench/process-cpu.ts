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

/** CPU ticks of every thread of these processes and their children, by thread id. */
function threadTicks(pids: number[], into = new Map<number, number>()): Map<number, number> {
  for (const pid of pids) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const fields = statFields(Number(tid)) // /proc/TID/stat answers for a thread too
        into.set(Number(tid), Number(fields[11]) + Number(fields[12]))
      }
      threadTicks(childPids(pid), into)
    } catch {
      // Ended while read.
    }
  }
  return into
}

/** The largest share of one core any one thread used between two readings. */
function busiestThread(before: Map<number, number>, after: Map<number, number>, ms: number): number {
  let top = 0
  for (const [tid, ticks] of after) top = Math.max(top, ticks - (before.get(tid) ?? 0))
  return (top * 1000) / TICKS_PER_SECOND / Math.max(1, ms)
}

/**
 * Cores these processes kept busy, on average and in the busiest interval; and the same for their busiest
 * single thread (workerd runs every isolate's JavaScript on one thread: near 1 there is the limit).
 */
export interface CoreUse {
  mean: number
  max: number
  threadMean: number
  threadMax: number
}

/**
 * Samples the cores these processes use every `intervalMs` until `stop()`, which returns the figures: how
 * near a server runs to its limit.
 *
 * @example
 * const sampler = sampleCoreUse(pids); await traffic(); const { mean, threadMax } = sampler.stop()
 */
export function sampleCoreUse(pids: number[], intervalMs = 5000): { stop(): CoreUse } {
  const read = () => ({ at: performance.now(), cpu: cpuMs(pids), threads: threadTicks(pids) })
  const started = read()
  let last = started
  let max = 0
  let threadMax = 0
  const timer = setInterval(() => {
    const now = read()
    max = Math.max(max, (now.cpu - last.cpu) / (now.at - last.at))
    threadMax = Math.max(threadMax, busiestThread(last.threads, now.threads, now.at - last.at))
    last = now
  }, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      const end = read()
      const ms = Math.max(1, end.at - started.at)
      return { mean: (end.cpu - started.cpu) / ms, max, threadMean: busiestThread(started.threads, end.threads, ms), threadMax }
    },
  }
}
