/**
 * @module
 * The Hono environment of the fraud app: its bindings and the variables middleware sets per request.
 */
import type { AuthVariables } from '../../lib/auth'
import type { AllowedMethodsVariables } from '../../lib/allowed-methods'
import type { RequestIdVariables } from '../../lib/request-id'
import type { FraudEnv } from '../env'
import type { MetricsVariables } from '../metrics/events'

export interface FraudApp {
  Bindings: FraudEnv
  Variables: RequestIdVariables & AllowedMethodsVariables & AuthVariables & MetricsVariables
}
