// Applies the D1 migrations to the local evidence database before `npm run dev`.
// Wrangler asks for confirmation on a terminal; with stdin closed it applies without asking, the same
// on every platform (no shell redirection in package.json).
import { spawnSync } from 'node:child_process'

const result = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'evidence', '--local', '-c', 'wrangler.fraud.toml'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  shell: process.platform === 'win32',
})
process.exit(result.status ?? 1)
