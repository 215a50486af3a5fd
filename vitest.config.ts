// Two vitest projects, one per wrangler file; both run inside workerd with real local bindings.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { computeKbInputHash } from './scripts/kb/input-hash.ts'
import { TEST_TIMEOUT_MS } from './test/support/timeouts.ts'
import { filterWorkerLogs } from './test/support/worker-logs.ts'

const migrations = await readD1Migrations('./migrations')

/** The suite's one time limit, for every test and hook of every project (test/support/timeouts.ts). */
const timeouts = { testTimeout: TEST_TIMEOUT_MS, hookTimeout: TEST_TIMEOUT_MS }

/** Dependencies (hono, zod, drizzle…) bundled once into a few modules, not fetched file by file into each test's workerd. */
const bundledDependencies = { optimizer: { ssr: { enabled: true } } }

/**
 * The fraud worker's project: its wrangler file's bindings in workerd. `include` picks the files: the suite's
 * tests here, the measurements in vitest.measure.config.ts.
 */
export function fraudProject(name: string, include: string[]) {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.fraud.toml' },
        remoteBindings: false,
        // A non-default replay TTL (the wrangler var says 86400) proves the setting is read, not assumed.
        // DB_TENANT_SPARE: a second database, where TENANT_DATABASES puts the tenant `spare` (DB is repeated because
        // this list replaces the wrangler file's).
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, REPLAY_TTL_SECONDS: '3600', TENANT_DATABASES: '{"spare":"DB_TENANT_SPARE"}', WEBHOOK_RETRY_DELAYS_SECONDS: '1' },
          d1Databases: { DB: '00000000-0000-0000-0000-000000000000', DB_TENANT_SPARE: 'tenant-spare' },
          // Batches leave after 1 s rather than the wrangler file's 5 s, so each test file's evidence is
          // consumed before the next file starts (fresh-storage.ts waits for it). This list replaces the wrangler file's.
          // Webhook attempts 1 s apart, four in all, then the dead-letter queue.
          queueConsumers: {
            'fraud-evidence': { maxBatchSize: 100, maxBatchTimeout: 1, maxRetries: 10 },
            'fraud-webhooks': { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 3, deadLetterQueue: 'fraud-webhooks-dlq' },
            'fraud-webhooks-dlq': { maxBatchSize: 10, maxBatchTimeout: 1 },
          },
        },
      }),
    ],
    test: {
      name,
      include,
      // The files share one workerd per vitest worker (a fresh one per file cost 3 to 4 s of start-up each);
      // fresh-storage.ts empties the stores and the isolate's caches before each file instead.
      isolate: false,
      setupFiles: ['./test/fraud/fresh-storage.ts'],
      // Real HTTP servers on the Node side, their URLs reaching the tests by inject: a receiver for the webhook
      // deliveries, and the CAMARA operator endpoint of the network client's tests (Prism on the CAMARA documents).
      globalSetup: ['./test/support/webhook-receiver.ts', './test/support/camara-mock.ts'],
      deps: bundledDependencies,
      ...timeouts,
    },
  }
}

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // The workers' JSON log lines are counted, not printed (VITEST_WORKER_LOGS=1 prints them).
    onConsoleLog: filterWorkerLogs,
    projects: [
      fraudProject('fraud', ['test/fraud/**/*.test.ts']),
      {
        // Workers AI is remote-only: tests replace it at the binding boundary with recorded outputs.
        // KB_INPUT_HASH lets the knowledge-base freshness test compare data/ with the generated file.
        plugins: [cloudflareTest({
          wrangler: { configPath: './wrangler.ingredient.toml' },
          remoteBindings: false,
          miniflare: { bindings: { KB_INPUT_HASH: await computeKbInputHash() } },
        })],
        test: {
          name: 'ingredient',
          include: ['test/ingredient/**/*.test.ts'],
          // The ingredient worker keeps no state between requests but its caches: its test files share one
          // workerd per vitest worker instead of starting one each (and loading the knowledge base again).
          isolate: false,
          deps: bundledDependencies,
          ...timeouts,
        },
      },
      {
        // The repository's Node scripts (the docs test's reader and matcher), outside workerd.
        test: {
          name: 'scripts',
          include: ['test/scripts/**/*.test.ts'],
          // node --test runs these (npm run test:archive): they need the tools' module hooks.
          exclude: ['test/scripts/archive/**'],
          environment: 'node',
          ...timeouts,
        },
      },
    ],
  },
})
