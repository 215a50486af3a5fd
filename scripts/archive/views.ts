/**
 * @module
 * DuckDB over a pulled archive folder: the views `decisions` (one row per decision), `signals` (one row per
 * signal) and `outcomes` (the labels, review resolutions among them). DuckDB reads the gzip NDJSON objects
 * where they are; nothing is loaded first (docs/archive.md).
 */
import { existsSync } from 'node:fs'
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import { evidenceGlob, outcomesFile } from './folder.ts'

/** SQL string literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/** The request's fields (model/request.ts), typed; a field a record lacks reads as NULL. */
const REQUEST = `STRUCT(transaction_id VARCHAR, idempotency_key VARCHAR, amount_cents BIGINT, currency VARCHAR, service_id VARCHAR,
  service_type VARCHAR, event_subtype VARCHAR, card_token VARCHAR, user_id VARCHAR, phone_number VARCHAR, imei VARCHAR, sim_iccid VARCHAR,
  destination_prefix VARCHAR, device_fingerprint VARCHAR, ip_address VARCHAR, "timestamp" VARCHAR, device_emulator BOOLEAN,
  device_rooted BOOLEAN, ip_datacenter BOOLEAN, ip_tor BOOLEAN, ip_vpn BOOLEAN, card_country VARCHAR, ip_country VARCHAR)`
const SCORES = 'STRUCT(overall_risk DOUBLE, criminal_score DOUBLE, friendly_fraud_score DOUBLE, bot_score DOUBLE)'
const SIGNAL = 'STRUCT(detector VARCHAR, code VARCHAR, weight DOUBLE, message VARCHAR)'

/**
 * The archive's records as DuckDB reads them, with the record's columns declared (evidence/record.ts): records of
 * `default` carry no tenant, most carry no shadow, and the features grow with the engine, so they stay JSON.
 */
const records = (dir: string) =>
  `read_json(${literal(evidenceGlob(dir))}, format = 'newline_delimited', compression = 'gzip', columns = {
    evidence_id: 'VARCHAR', tenant: 'VARCHAR', transaction_id: 'VARCHAR', idempotency_key: 'VARCHAR', payload_fingerprint: 'VARCHAR',
    decision: 'VARCHAR', scores: '${SCORES}', signals: '${SIGNAL}[]', policy_version: 'VARCHAR', latency_ms: 'DOUBLE',
    created_at: 'VARCHAR', request: '${REQUEST.replaceAll('\n', ' ')}', features: 'JSON', shadow: 'JSON'})`

/** The `decisions` view: request fields, features, scores, decision, policy version and time, one row per decision. */
const DECISIONS = `
  SELECT evidence_id,
         coalesce(tenant, 'default') AS tenant,
         transaction_id,
         CAST(created_at AS TIMESTAMPTZ) AS decided_at,
         decision,
         policy_version,
         latency_ms,
         scores.overall_risk AS overall_risk,
         scores.criminal_score AS criminal_score,
         scores.friendly_fraud_score AS friendly_fraud_score,
         scores.bot_score AS bot_score,
         len(signals) AS signal_count,
         request.amount_cents, request.currency, request.service_id, request.service_type, request.event_subtype,
         request.card_token, request.user_id, request.phone_number, request.device_fingerprint, request.ip_address,
         request.card_country, request.ip_country,
         request,
         features,
         shadow
  FROM archive_records`

const SIGNALS = `
  SELECT evidence_id, coalesce(tenant, 'default') AS tenant, CAST(created_at AS TIMESTAMPTZ) AS decided_at, decision, policy_version,
         s.detector, s.code, s.weight, s.message
  FROM archive_records, unnest(signals) AS t(s)`

const OUTCOMES = (file: string) => `
  SELECT transaction_id, evidence_id, decision, policy_version, CAST(decided_at AS TIMESTAMPTZ) AS decided_at, outcome,
         CAST(reported_at AS TIMESTAMPTZ) AS reported_at, CAST(recorded_at AS TIMESTAMPTZ) AS recorded_at, source, note, resolved_by
  FROM read_json(${literal(file)}, format = 'newline_delimited', columns = {
    transaction_id: 'VARCHAR', evidence_id: 'VARCHAR', decision: 'VARCHAR', policy_version: 'VARCHAR', decided_at: 'VARCHAR',
    outcome: 'VARCHAR', reported_at: 'VARCHAR', recorded_at: 'VARCHAR', source: 'VARCHAR', note: 'VARCHAR', resolved_by: 'VARCHAR'})`

const EMPTY_OUTCOMES = `
  SELECT * FROM (VALUES (NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR, NULL::TIMESTAMPTZ, NULL::VARCHAR,
    NULL::TIMESTAMPTZ, NULL::TIMESTAMPTZ, NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR))
    AS t(transaction_id, evidence_id, decision, policy_version, decided_at, outcome, reported_at, recorded_at, source, note, resolved_by)
  WHERE false`

/**
 * A DuckDB connection with the archive views of `dir` (UTC session time zone, so hours read as the archive's).
 *
 * @example
 * const db = await openArchive('archive')
 * const reader = await db.runAndReadAll('select decision, count(*) from decisions group by 1')
 */
export async function openArchive(dir: string, options: { threads?: number } = {}): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:', options.threads === undefined ? {} : { threads: String(options.threads) })
  const db = await instance.connect()
  await db.run(`SET TimeZone = 'UTC'`)
  await db.run(`CREATE VIEW archive_records AS SELECT * FROM ${records(dir)}`)
  await db.run(`CREATE VIEW decisions AS ${DECISIONS}`)
  await db.run(`CREATE VIEW signals AS ${SIGNALS}`)
  await db.run(`CREATE VIEW outcomes AS ${existsSync(outcomesFile(dir)) ? OUTCOMES(outcomesFile(dir)) : EMPTY_OUTCOMES}`)
  return db
}
