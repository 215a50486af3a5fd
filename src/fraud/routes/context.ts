/**
 * @module
 * The Hono environment of the fraud app: its bindings and the variables middleware sets per request.
 */
import type { AuthVariables } from '../../lib/auth.ts'
import type { AllowedMethodsVariables } from '../../lib/allowed-methods.ts'
import type { RequestIdVariables } from '../../lib/request-id.ts'
import type { FraudEnv } from '../env.ts'
import type { MetricsVariables } from '../metrics/events.ts'

export interface FraudApp {
  Bindings: FraudEnv
  Variables: RequestIdVariables & AllowedMethodsVariables & AuthVariables & MetricsVariables
}
