/**
 * @module
 * The console's Hono environment: the fraud worker's bindings and variables plus the signed-in analyst.
 */
import type { FraudApp } from '../routes/context'

export interface ConsoleApp {
  Bindings: FraudApp['Bindings']
  Variables: FraudApp['Variables'] & { analyst: string }
}
