/**
 * @module
 * The console's Hono environment: the fraud worker's bindings and variables plus the signed-in analyst and the
 * tenants they may see (`tenant`, from the fraud app's variables, is the one this request shows).
 */
import type { FraudApp } from '../routes/context.ts'

export interface ConsoleApp {
  Bindings: FraudApp['Bindings']
  Variables: FraudApp['Variables'] & { analyst: string; tenants: readonly string[] }
}
