// Ends a run with one plain "N passed, N failed, N skipped" line, the summary CI logs are read for.
import type { Reporter, TestModule } from 'vitest/node'
import { hiddenWorkerLogs } from './worker-logs.ts'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      // A file that failed to load has no test cases but must still count as a failure.
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) failed++
    }
    const hidden = hiddenWorkerLogs()
    if (hidden > 0) console.log(`\n${hidden} JSON log lines of the workers not shown (VITEST_WORKER_LOGS=1 shows them).`)
    console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
  }
}
