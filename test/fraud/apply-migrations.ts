// Applies the drizzle-kit migrations to the test D1 databases before each test file (storage is per file).
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

await Promise.all([applyD1Migrations(env.DB, env.TEST_MIGRATIONS), applyD1Migrations(env.DB_TENANT_SPARE, env.TEST_MIGRATIONS)])
