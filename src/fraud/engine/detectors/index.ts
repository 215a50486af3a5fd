/**
 * @module
 * The five detectors, by name, in the order their signals are reported.
 */
import type { DetectorName } from '../../model/policy.ts'
import type { Detector } from '../../model/scoring.ts'
import { bot } from './bot.ts'
import { cardTesting } from './card-testing.ts'
import { friendlyFraud } from './friendly-fraud.ts'
import { geoAnomaly } from './geo-anomaly.ts'
import { velocity } from './velocity.ts'

export const DETECTOR_FUNCTIONS: Record<DetectorName, Detector> = {
  card_testing: cardTesting,
  velocity,
  geo_anomaly: geoAnomaly,
  bot,
  friendly_fraud: friendlyFraud,
}
