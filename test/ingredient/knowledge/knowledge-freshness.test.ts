// The checked-in knowledge base must be built from the current data/ and generator: vitest.config.ts
// hashes the inputs (scripts/kb/input-hash.ts) and the generated module carries the hash it was built from.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
// Imports the hash module only: the data itself is several megabytes the test does not need.
import { inputHash } from '../../../src/ingredient/knowledge/generated/kb-hash.js'

describe('knowledge base freshness', () => {
  it('was generated from the current data and generator (else run `npm run kb:build`)', () => {
    expect(env.KB_INPUT_HASH).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(inputHash).toBe(env.KB_INPUT_HASH)
  })
})
