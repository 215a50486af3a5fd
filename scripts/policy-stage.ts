// Stages a fraud policy for `POST /policy/reload`: validates the file with the worker's own zod schema, then
// either sends it to a running worker's `PUT /policy/staged` (given --url and an admin key: no Cloudflare
// credentials needed), or writes it to the POLICY namespace under `policy:staged` (or a tenant's
// `tenant:<id>:policy:staged`) with `wrangler kv key put`.
//
// Usage: npm run policy:stage -- <policy.json> [--tenant <id>] [--url <worker URL> [--key <admin key>]]
//                                [--env production] [--persist-to <dir>] [--check]
//   (--url stages over HTTP with the admin key of --key or FRAUD_ADMIN_KEY; without --url, local dev storage
//    as `npm run dev` uses it; --persist-to for a dev server started with the same option; --env production
//    writes to the production namespace remotely; --check validates only; --tenant stages the tenant's own
//    policy, activated by `POST /policy/reload?tenant=<id>`)
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
  console.error(`${message}\nUsage: npm run policy:stage -- <policy.json> [--tenant <id>] [--url <worker URL> [--key <admin key>]] [--env production] [--persist-to <dir>] [--check]`)
  process.exit(2)
}

interface Args {
  file: string
  tenant: string | undefined
  env: string | undefined
  persistTo: string | undefined
  url: string | undefined
  key: string | undefined
  check: boolean
}

function parseArgs(argv: string[]): Args {
  let file: string | undefined
  let url: string | undefined
  let key: string | undefined = process.env.FRAUD_ADMIN_KEY
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
    else if (arg === '--url') url = argv[++i] ?? usage('--url needs the worker URL')
    else if (arg?.startsWith('--url=')) url = arg.slice('--url='.length)
    else if (arg === '--key') key = argv[++i] ?? usage('--key needs an admin key')
    else if (arg?.startsWith('--key=')) key = arg.slice('--key='.length)
    else if (arg === '--check') check = true
    else if (arg?.startsWith('--')) usage(`Unknown option ${arg}`)
    else if (file === undefined) file = arg
    else usage(`Unexpected argument ${arg}`)
  }
  if (file === undefined) usage('No policy file given.')
  if (env !== undefined && persistTo !== undefined) usage('--persist-to is for local storage only')
  if (tenant !== undefined && !TENANT_ID.test(tenant)) usage(`--tenant ${tenant}: a tenant id is 1 to 32 of a-z, 0-9, "_" and "-"`)
  if (url !== undefined && (env !== undefined || persistTo !== undefined)) usage('--url stages over HTTP; --env and --persist-to are for the KV store')
  if (url !== undefined && !URL.canParse(url)) usage(`--url ${url}: not a URL`)
  return { file, tenant, env, persistTo, url, key, check }
}

/** PUT /policy/staged on a running worker; prints its answer, and exits non-zero on a refusal. */
async function stageOverHttp(base: string, key: string | undefined, tenant: string | undefined, document: unknown): Promise<void> {
  const url = new URL('/policy/staged', base)
  if (tenant !== undefined) url.searchParams.set('tenant', tenant)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key !== undefined && key !== '') headers.authorization = `Bearer ${key}`
  const response = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(document) })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    console.error(`PUT ${url.pathname}${url.search}: ${response.status}`, JSON.stringify(body, null, 2))
    process.exit(1)
  }
  const reload = new URL('/policy/reload', base)
  reload.search = url.search
  console.log(`Staged over HTTP: ${JSON.stringify(body)}\nActivate it with: curl -X POST -H "authorization: Bearer $FRAUD_ADMIN_KEY" ${reload.href}`)
}

const { file, tenant, env, persistTo, url, key, check } = parseArgs(process.argv.slice(2))

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
if (url !== undefined) {
  await stageOverHttp(url, key, tenant, document)
  process.exit(0)
}

const local = persistTo === undefined ? ['--local'] : ['--local', '--persist-to', resolve(persistTo)]
const target = env === undefined ? local : ['--env', env, '--remote']
const args = ['kv', 'key', 'put', tenant === undefined ? POLICY_KEYS.staged : policyKeys(tenant).staged, '--path', resolve(file), '--binding', 'POLICY', '-c', join(root, 'wrangler.fraud.toml'), ...target]
console.log(`wrangler ${args.join(' ')}`)
const run = spawnSync(join(root, 'node_modules', '.bin', 'wrangler'), args, { stdio: 'inherit', cwd: root })
if (run.status !== 0) process.exit(run.status ?? 1)
const query = tenant === undefined ? '' : `?tenant=${tenant}`
console.log(`Staged. Activate it with: curl -X POST ${env === undefined ? 'http://localhost:8788' : 'https://<your-worker>'}/policy/reload${query}`)
