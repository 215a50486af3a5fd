/**
 * @module
 * The suite's one time limit. Every test and hook gets it (vitest.config.ts), and a wait for a condition
 * (wait.ts) gives up at half of it, so a wait that fails says what it waited for before the test times out.
 * It bounds a hang; it never asserts speed: a 2-core machine under load must pass as an idle one does.
 */
export const TEST_TIMEOUT_MS = 180_000

/** How long waitFor polls a condition before it fails, naming it. */
export const WAIT_TIMEOUT_MS = TEST_TIMEOUT_MS / 2
