// Applies the drizzle-kit migrations to the test D1 before each test file (storage is per file).
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
