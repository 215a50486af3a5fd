/**
 * @module
 * The five detectors, by name, in the order their signals are reported.
 */
import type { DetectorName } from '../../model/policy'
import type { Detector } from '../../model/scoring'
import { bot } from './bot'
import { cardTesting } from './card-testing'
import { friendlyFraud } from './friendly-fraud'
import { geoAnomaly } from './geo-anomaly'
import { velocity } from './velocity'

export const DETECTOR_FUNCTIONS: Record<DetectorName, Detector> = {
  card_testing: cardTesting,
  velocity,
  geo_anomaly: geoAnomaly,
  bot,
  friendly_fraud: friendlyFraud,
}
