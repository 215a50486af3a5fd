/**
 * @module
 * TransactionDO: one instance per transaction_id; makes /decide single-flight and idempotent.
 */
import { DurableObject } from 'cloudflare:workers'
import type { FraudEnv } from '../env'

export class TransactionDO extends DurableObject<FraudEnv> {}
