// The docs test's reading of a document: its shell blocks, their skip marks, and their steps with shown outputs.
import { describe, expect, it } from 'vitest'
import { extractShellBlocks } from '../../../scripts/docs-test/extract.ts'
import { shellSteps } from '../../../scripts/docs-test/steps.ts'

const fence = '```'

describe('extractShellBlocks', () => {
  it('finds sh, bash and shell blocks with their line, and leaves other languages alone', () => {
    const doc = ['# Title', '', `${fence}sh`, 'curl -s localhost:8788/health', fence, '', `${fence}json`, '{}', fence, '', `${fence}bash`, 'echo hi', fence, ''].join('\n')
    expect(extractShellBlocks(doc)).toEqual([
      { line: 4, code: 'curl -s localhost:8788/health', skip: undefined },
      { line: 12, code: 'echo hi', skip: undefined },
    ])
  })

  it('marks the block right after a skip comment, with its reason, and only that block', () => {
    const doc = ['<!-- docs-test: skip (needs a Cloudflare account) -->', `${fence}sh`, 'npx wrangler login', fence, '', `${fence}sh`, 'echo next', fence, ''].join('\n')
    expect(extractShellBlocks(doc).map((b) => b.skip)).toEqual(['needs a Cloudflare account', undefined])
  })

  it('finds a block inside a list item', () => {
    const doc = ['1. Stage it:', '', `   ${fence}sh`, '   npm run policy:stage -- my-policy.json', `   ${fence}`, ''].join('\n')
    expect(extractShellBlocks(doc)).toEqual([{ line: 4, code: 'npm run policy:stage -- my-policy.json', skip: undefined }])
  })
})

describe('shellSteps', () => {
  it('cuts a block into whole commands, multi-line bodies included, and ignores prose comments', () => {
    const code = ['# A decision.', "curl -s -X POST localhost:8788/decide -d '{", '  "transaction_id": "tx_1"}\'', 'curl -s localhost:8788/metrics   # Prometheus text format'].join('\n')
    const steps = shellSteps(code, 10)
    expect(steps.map((s) => [s.line, s.expected])).toEqual([
      [11, undefined],
      [13, undefined],
    ])
    expect(steps[0]?.command).toContain('"transaction_id": "tx_1"}\'')
  })

  it('reads a shown output after the command, over several comment lines, and on the same line', () => {
    const code = ['curl -s localhost:8788/decide', '# {"decision":"ALLOW",', '#  "signals":[]}', 'curl -s localhost:8788/health   # {"status":"healthy",…}'].join('\n')
    const steps = shellSteps(code, 1)
    expect(steps.map((s) => s.expected?.text)).toEqual(['{"decision":"ALLOW", "signals":[]}', '{"status":"healthy",…}'])
    expect(steps[1]?.command).toBe('curl -s localhost:8788/health')
  })

  it('reads a shown status, with or without a body', () => {
    const steps = shellSteps(['curl -s localhost:8788/nowhere', '# 404 {"error":"not_found",…}', 'curl -s -X GET localhost:8788/decide   # 405'].join('\n'), 1)
    expect(steps.map((s) => s.expected?.status)).toEqual([404, 405])
    expect(steps[1]?.expected?.pattern).toBeUndefined()
  })

  it('keeps a # inside a quoted body as part of the command', () => {
    const steps = shellSteps(`curl -s localhost:8787/analyze -d '{"ingredients":"Water # {not a comment}"}'`, 1)
    expect(steps).toHaveLength(1)
    expect(steps[0]?.expected).toBeUndefined()
  })
})
