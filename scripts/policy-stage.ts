// Stages a fraud policy for `POST /policy/reload`: validates the file with the worker's own zod schema,
// then writes it to the POLICY namespace under `policy:staged` (or a tenant's `tenant:<id>:policy:staged`)
// with `wrangler kv key put`.
//
// Usage: npm run policy:stage -- <policy.json> [--tenant <id>] [--env production] [--persist-to <dir>] [--check]
//   (local dev storage by default, as `npm run dev` uses it; --persist-to for a dev server started with the
//    same option; --env production writes to the production namespace remotely; --check validates only;
//    --tenant stages the tenant's own policy, activated by `POST /policy/reload?tenant=<id>`)
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { validatePolicy } from '../src/fraud/model/policy.ts'
import { POLICY_KEYS, policyKeys } from '../src/fraud/policy/keys.ts'

/** A tenant id, as src/lib/keyring.ts checks it. */
const TENANT_ID = /^[a-z0-9_-]{1,32}$/

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run policy:stage -- <policy.json> [--tenant <id>] [--env production] [--persist-to <dir>] [--check]`)
  process.exit(2)
}

function parseArgs(argv: string[]): { file: string; tenant: string | undefined; env: string | undefined; persistTo: string | undefined; check: boolean } {
  let file: string | undefined
  let tenant: string | undefined
  let env: string | undefined
  let persistTo: string | undefined
  let check = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--env') env = argv[++i] ?? usage('--env needs a name')
    else if (arg?.startsWith('--env=')) env = arg.slice('--env='.length)
    else if (arg === '--tenant') tenant = argv[++i] ?? usage('--tenant needs a tenant id')
    else if (arg?.startsWith('--tenant=')) tenant = arg.slice('--tenant='.length)
    else if (arg === '--persist-to') persistTo = argv[++i] ?? usage('--persist-to needs a directory')
    else if (arg === '--check') check = true
    else if (arg?.startsWith('--')) usage(`Unknown option ${arg}`)
    else if (file === undefined) file = arg
    else usage(`Unexpected argument ${arg}`)
  }
  if (file === undefined) usage('No policy file given.')
  if (env !== undefined && persistTo !== undefined) usage('--persist-to is for local storage only')
  if (tenant !== undefined && !TENANT_ID.test(tenant)) usage(`--tenant ${tenant}: a tenant id is 1 to 32 of a-z, 0-9, "_" and "-"`)
  return { file, tenant, env, persistTo, check }
}

const { file, tenant, env, persistTo, check } = parseArgs(process.argv.slice(2))

let document: unknown
try {
  document = JSON.parse(readFileSync(file, 'utf8'))
} catch (err) {
  console.error(`Cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}

const result = validatePolicy(document)
if (!result.ok) {
  console.error(`${file} is not a valid policy:`)
  for (const problem of result.problems) console.error(`  ${problem.path}: ${problem.message}`)
  process.exit(1)
}
console.log(`${file}: policy ${result.policy.version} is valid (${result.policy.rules.length} rules).`)
if (check) process.exit(0)

const local = persistTo === undefined ? ['--local'] : ['--local', '--persist-to', resolve(persistTo)]
const target = env === undefined ? local : ['--env', env, '--remote']
const args = ['kv', 'key', 'put', tenant === undefined ? POLICY_KEYS.staged : policyKeys(tenant).staged, '--path', resolve(file), '--binding', 'POLICY', '-c', join(root, 'wrangler.fraud.toml'), ...target]
console.log(`wrangler ${args.join(' ')}`)
const run = spawnSync(join(root, 'node_modules', '.bin', 'wrangler'), args, { stdio: 'inherit', cwd: root })
if (run.status !== 0) process.exit(run.status ?? 1)
const query = tenant === undefined ? '' : `?tenant=${tenant}`
console.log(`Staged. Activate it with: curl -X POST ${env === undefined ? 'http://localhost:8788' : 'https://<your-worker>'}/policy/reload${query}`)
