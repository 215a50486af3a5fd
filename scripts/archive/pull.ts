// npm run archive:pull -- --out DIR [--from ISO --to ISO] [--source dev|r2] [--persist-to .wrangler/state] [--url http://localhost:8788]
//   [--key ADMIN_KEY] [--tenant ID] [--no-labels]
// Copies the evidence archive's objects of a range (all by default) into DIR with the archive's layout, skipping
// those already there with the same ETag, and brings the range's outcomes and the policy documents the records
// name through the admin API. --source r2 reads R2's S3 API with R2_ACCOUNT_ID, R2_ACCESS_KEY_ID,
// R2_SECRET_ACCESS_KEY (and R2_BUCKET) from the environment; dev (the default) reads the local R2 of npm run dev.
import { parseArgs } from 'node:util'
import { SingleBar, Presets } from 'cli-progress'
import { timeRange } from './range-args.ts'
import { devSource } from './pull/dev-source.ts'
import { pullArchive } from './pull/run.ts'
import { s3Settings, s3Source } from './pull/s3-source.ts'

const USAGE =
  'Usage: npm run archive:pull -- --out DIR [--from ISO --to ISO] [--source dev|r2] [--persist-to .wrangler/state] [--url http://localhost:8788] [--key ADMIN_KEY] [--tenant default] [--no-labels]'
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    source: { type: 'string', default: 'dev' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    url: { type: 'string', default: 'http://localhost:8788' },
    key: { type: 'string', default: process.env.FRAUD_ADMIN_KEY },
    tenant: { type: 'string', default: 'default' },
    'no-labels': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help || values.out === undefined || !['dev', 'r2'].includes(values.source)) {
  console.error(USAGE)
  process.exit(values.help ? 0 : 2)
}
const range = timeRange(values.from, values.to)
let source
if (values.source === 'r2') {
  const settings = s3Settings(process.env)
  if ('missing' in settings) {
    console.error(`--source r2 needs ${settings.missing.join(', ')} in the environment (an R2 API token's access key, docs/archive.md).`)
    process.exit(2)
  }
  source = s3Source(settings)
} else {
  source = await devSource(`${values['persist-to']}/v3`).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  })
}

const bar = new SingleBar({ format: 'archive objects {bar} {value}/{total} | {mb} MB copied', hideCursor: true }, Presets.shades_classic)
let started = false
try {
  const summary = await pullArchive({
    source,
    dir: values.out,
    ...range,
    ...(values['no-labels'] ? {} : { api: { url: values.url, tenant: values.tenant, ...(values.key ? { key: values.key } : {}) } }),
    progress: ({ total, done, bytes }) => {
      if (!started) bar.start(total, done, { mb: '0.0' })
      started = true
      bar.update(done, { mb: (bytes / 1e6).toFixed(1) })
    },
  })
  bar.stop()
  console.log(`${summary.listed} objects in range from ${source.name}: ${summary.copied} copied (${(summary.bytes / 1e6).toFixed(1)} MB), ${summary.skipped} unchanged`)
  if (summary.outcomes !== null) console.log(`${summary.outcomes} outcomes; policies ${summary.policies.join(', ') || 'none'} saved in ${values.out}/policies`)
} catch (err) {
  bar.stop()
  console.error(`Pull stopped: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
} finally {
  await source.close()
}
