/**
 * @module
 * MetricsDO: the one place where counters and histograms of every isolate add up.
 */
import { DurableObject } from 'cloudflare:workers'
import type { FraudEnv } from '../env'

export class MetricsDO extends DurableObject<FraudEnv> {}
