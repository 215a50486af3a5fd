// One document's examples in one bash session: variables carry over, and a drifted output fails its step.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runDocument } from '../../../scripts/docs-test/run-document.ts'

const target = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-test-'))
  return { replacements: [['localhost:8788', 'localhost:1']] as [string, string][], workDir: join(dir, 'steps'), timeoutSeconds: 60, stateDir: join(dir, 'state'), fraudUrl: 'http://localhost:1' }
}

describe('runDocument', () => {
  it('runs the blocks in order in one session and checks each shown output', () => {
    const blocks = [
      { line: 1, code: `ANSWER='{"decision":"ALLOW","latency_ms":3}'`, skip: undefined },
      { line: 5, code: `echo "$ANSWER"   # {"decision":"ALLOW","latency_ms":…}\necho "$ANSWER"\n# {"decision":"BLOCK"}`, skip: undefined },
      { line: 9, code: 'exit 1', skip: 'not here' },
    ]
    const results = runDocument(blocks, target())
    expect(results.map((r) => [r.step.line, r.problems])).toEqual([
      [1, []],
      [5, []],
      [6, ['decision: shown "BLOCK", got "ALLOW"']],
    ])
  })

  it("points documented ports at the test's own, and fails a step that exits non-zero", () => {
    const results = runDocument([{ line: 1, code: 'echo localhost:8788   # "localhost:1"\nfalse', skip: undefined }], target())
    expect(results.map((r) => r.problems)).toEqual([[], ['exited with 1']])
  })
})
