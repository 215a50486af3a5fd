/**
 * @module
 * The policy documents a backtest or a fit uses offline: a file, a version saved by the pull (or the bundled
 * one), or the staged document the pull saved; each validated as the worker validates policies.
 */
import { existsSync, readFileSync } from 'node:fs'
import { validatePolicy, type Policy } from '../../src/fraud/model/policy.ts'
import { policyFile } from './folder.ts'

const BUNDLED = 'src/fraud/policy/default-policy.json'

/** A validated policy from a JSON file; exits with the problems when it is not valid. */
export function policyFromFile(file: string): Policy {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    console.error(`${file} is not a readable JSON file`)
    process.exit(2)
  }
  const checked = validatePolicy(parsed)
  if (!checked.ok) {
    console.error(`${file} is not a valid policy:\n${checked.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`)
    process.exit(2)
  }
  return checked.policy
}

/** The policy of `version` saved in the folder by the pull, or the bundled one when it is that version; null when neither. */
export function policyOfVersion(dir: string, version: string): Policy | null {
  if (existsSync(policyFile(dir, version))) return policyFromFile(policyFile(dir, version))
  const bundled = policyFromFile(BUNDLED)
  return bundled.version === version ? bundled : null
}

/**
 * The candidate of a backtest or fit: exactly one of a file, a version, or the staged document.
 *
 * @example
 * candidatePolicy('archive', { version: '2026-11-25.1' })
 */
export function candidatePolicy(dir: string, choice: { policy?: string; version?: string; staged?: boolean }): { policy: Policy; source: string } {
  const given = [choice.policy, choice.version, choice.staged ? true : undefined].filter((c) => c !== undefined)
  if (given.length !== 1) {
    console.error('Give exactly one of --policy FILE, --version V and --staged.')
    process.exit(2)
  }
  if (choice.policy !== undefined) return { policy: policyFromFile(choice.policy), source: choice.policy }
  if (choice.version !== undefined) {
    const policy = policyOfVersion(dir, choice.version)
    if (!policy) {
      console.error(`No policy ${choice.version} in ${policyFile(dir, choice.version)} (npm run archive:pull saves the versions the records name), nor bundled.`)
      process.exit(2)
    }
    return { policy, source: `version ${choice.version}` }
  }
  if (!existsSync(policyFile(dir, 'staged'))) {
    console.error(`Nothing staged was pulled (${policyFile(dir, 'staged')}).`)
    process.exit(2)
  }
  return { policy: policyFromFile(policyFile(dir, 'staged')), source: 'staged' }
}
