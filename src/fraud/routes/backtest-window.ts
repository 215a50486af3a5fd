/**
 * @module
 * The window of a backtest or a policy fit, as both routes accept it: the newest N decisions, or a time range
 * that lies within what can be read (no older than the `{"last": N}` look-back, never in the future), so no
 * request can make the reader walk decades of empty hours.
 */
import { z } from '@hono/zod-openapi'
import { LAST_LOOKBACK_MS, MAX_BACKTEST_DECISIONS } from '../operator/backtest/run.ts'

/** How far past the worker's clock `to` may lie (a caller's clock a little ahead). */
export const WINDOW_CLOCK_SKEW_MS = 5 * 60_000

const LOOKBACK_DAYS = LAST_LOOKBACK_MS / 86_400_000

/** The window's schema; each route names or describes it as it shows it. */
export const windowSchema = () =>
  z.union([
    z.object({ last: z.number().int().min(1).max(MAX_BACKTEST_DECISIONS).openapi({ description: 'The newest N decisions', example: 1000 }) }).strict(),
    z
      .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
      .strict()
      .refine((w) => Date.parse(w.from) <= Date.parse(w.to), { message: 'from must not be after to', path: ['from'] })
      .refine((w) => Date.parse(w.from) >= Date.now() - LAST_LOOKBACK_MS, {
        message: `from must lie within the last ${LOOKBACK_DAYS} days: a backtest or fit reads no further back`,
        path: ['from'],
      })
      .refine((w) => Date.parse(w.to) <= Date.now() + WINDOW_CLOCK_SKEW_MS, { message: 'to must not lie in the future', path: ['to'] }),
  ])

export const BacktestWindow = windowSchema().openapi('BacktestWindow', {
  description: `{"last": N} (N <= ${MAX_BACKTEST_DECISIONS}) or {"from": ISO 8601, "to": ISO 8601} within the last ${LOOKBACK_DAYS} days`,
})
