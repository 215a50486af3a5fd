// Applies the D1 migrations to the local evidence database before `npm run dev`, and says in one line what it
// applied: wrangler prints the whole migration table again after each migration. On failure its full output
// is shown.
// Wrangler asks for confirmation on a terminal; with stdin closed it applies without asking, the same
// on every platform (no shell redirection in package.json).
import { spawnSync } from 'node:child_process'

const result = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'evidence', '--local', '-c', 'wrangler.fraud.toml'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  encoding: 'utf8',
  shell: process.platform === 'win32',
})
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
if (result.status !== 0) {
  process.stderr.write(output)
  process.exit(result.status ?? 1)
}
// The first table lists the migrations to apply; the later ones repeat it with each one's progress.
const toApply = output.split('About to apply')[0] ?? ''
const names = [...toApply.matchAll(/│ (\S+\.sql)\s+│/g)].map((match) => match[1])
console.log(
  names.length === 0
    ? 'Local evidence database: no migrations to apply.'
    : `Local evidence database: applied ${names.length} migration(s): ${names.join(', ')}.`,
)
