// Keeps the workers' own structured log lines (one JSON object with "level" and "event") out of a test run's
// output, counting them instead: tests that exercise failures log on purpose, and a passing run should read
// clean. A failing test still stands out, and VITEST_WORKER_LOGS=1 shows every line.

const COUNT = Symbol.for('edge-workers.hidden-worker-logs')

function isWorkerLog(line: string): boolean {
  const text = line.trim()
  if (!text.startsWith('{"level":')) return false
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && 'event' in parsed
  } catch {
    return false
  }
}

/** vitest's onConsoleLog: false drops the line. */
export function filterWorkerLogs(log: string): false | undefined {
  if (process.env.VITEST_WORKER_LOGS === '1' || !isWorkerLog(log)) return undefined
  const store = globalThis as Record<symbol, number | undefined>
  store[COUNT] = (store[COUNT] ?? 0) + 1
  return false
}

/** How many lines filterWorkerLogs dropped in this run. */
export function hiddenWorkerLogs(): number {
  return (globalThis as Record<symbol, number | undefined>)[COUNT] ?? 0
}
