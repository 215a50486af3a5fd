/**
 * @module
 * The DecisionRequest schema (seed 001, section 2): the one validation layer of POST /decide.
 */
import { z } from '@hono/zod-openapi'
import { canonicalIp } from './ip-address.ts'
import { identifier } from './identifier.ts'
import { isCountryCode, isCurrencyCode } from './iso-codes.ts'
import { EVENT_SUBTYPES } from './event-subtypes.ts'

export { EVENT_SUBTYPES, type EventSubtype } from './event-subtypes.ts'

export const SERVICE_TYPES = ['mobile', 'broadband'] as const

/**
 * Luhn checksum, the check digit of an IMEI.
 *
 * @example
 * luhnValid('490154203237518') // true
 */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const ipv4 = z.ipv4()
const ipv6 = z.ipv6()

/** True for a textual IPv4 or IPv6 address. */
function isIpAddress(value: string): boolean {
  return ipv4.safeParse(value).success || ipv6.safeParse(value).success
}

/** IMEI: 15 digits with a Luhn check digit, or a 16-digit IMEISV (which carries no check digit). */
function isImei(value: string): boolean {
  return (/^\d{15}$/.test(value) && luhnValid(value)) || /^\d{16}$/.test(value)
}

const countryCode = z
  .string()
  .refine(isCountryCode, { message: 'must be an ISO 3166-1 alpha-2 country code in upper case, e.g. "FR"' })

/** The operator network's answer to a CAMARA retrieve-date call, as the checkout passes it on: a date, or null for none. */
function networkChange(api: string, field: string) {
  return z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .openapi({
      example: '2026-11-22T09:00:00Z',
      description:
        `Optional: the last change the operator's network reports (the CAMARA ${api} API's retrieve-date \`${field}\`, RFC 3339). ` +
        'null: no change within the monitored period; absent: the network was not asked.',
    })
}

/** The CAMARA answer's monitoredPeriod: the days the network looked back over (with a null date). */
function monitoredPeriod(api: string) {
  return z
    .number()
    .int()
    .min(1)
    .max(3650)
    .optional()
    .openapi({ example: 120, description: `Optional: the days the network looked back over (the CAMARA ${api} API's \`monitoredPeriod\`)` })
}

export const DecisionRequest = z
  .object({
    transaction_id: identifier(128).openapi({ example: 'tx_8f14e45f' }),
    idempotency_key: identifier(255).openapi({ example: 'idem_8f14e45f' }),
    amount_cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).openapi({ example: 1500 }),
    currency: z
      .string()
      .refine(isCurrencyCode, { message: 'must be an ISO 4217 currency code in upper case, e.g. "EUR"' })
      .openapi({ example: 'EUR' }),
    service_id: identifier(128).openapi({ example: 'svc_mobile_prepaid' }),
    service_type: z.enum(SERVICE_TYPES),
    event_subtype: z.enum(EVENT_SUBTYPES).optional(),
    card_token: identifier(128).openapi({ example: 'tok_visa_4242' }),
    user_id: identifier(128).openapi({ example: 'user_42' }),
    phone_number: z
      .string()
      .regex(/^\+?[1-9]\d{6,14}$/, { message: 'must be an E.164 phone number, e.g. "+33612345678"' })
      .optional()
      .openapi({ example: '+33612345678' }),
    imei: z
      .string()
      .refine(isImei, { message: 'must be a 15-digit IMEI with a valid check digit or a 16-digit IMEISV' })
      .optional()
      .openapi({ example: '490154203237518' }),
    sim_iccid: z
      .string()
      .regex(/^89\d{16,20}$/, { message: 'must be an ICCID: 18 to 22 digits starting with 89' })
      .optional()
      .openapi({ example: '8933150319100000001' }),
    destination_prefix: z
      .string()
      .regex(/^\+?[1-9]\d{0,14}$/, { message: 'must be the E.164 digits of a destination number range, e.g. "+88216" or "88216"' })
      .optional()
      .openapi({
        example: '+88216',
        description:
          'Optional: the leading E.164 digits of the destination number range the transaction is about (for example the ' +
          'destinations of an international_enable). Checked against the policy\'s hot list of number ranges, longest prefix first.',
      }),
    device_fingerprint: identifier(256).openapi({ example: 'dev_a1b2c3' }),
    ip_address: z
      .string()
      .refine(isIpAddress, { message: 'must be an IPv4 or IPv6 address' })
      // one spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 in RFC 5952 form (model/ip-address.ts)
      .overwrite((value) => canonicalIp(value) ?? value)
      .openapi({ example: '82.65.1.2' }),
    timestamp: z.iso.datetime({ offset: true }).openapi({ example: '2026-11-22T10:00:00Z' }),
    device_emulator: z.boolean().optional(),
    device_rooted: z.boolean().optional(),
    ip_datacenter: z.boolean().optional(),
    ip_tor: z.boolean().optional(),
    ip_vpn: z.boolean().optional(),
    card_country: countryCode.optional().openapi({ example: 'FR' }),
    ip_country: countryCode.optional().openapi({ example: 'FR' }),
    sim_swap_latest_change: networkChange('SIM Swap', 'latestSimChange'),
    sim_swap_monitored_period: monitoredPeriod('SIM Swap'),
    device_swap_latest_change: networkChange('Device Swap', 'latestDeviceChange'),
    device_swap_monitored_period: monitoredPeriod('Device Swap'),
  })
  .refine((r) => r.sim_swap_monitored_period === undefined || r.sim_swap_latest_change !== undefined, {
    message: 'a monitored period needs sim_swap_latest_change: the date of the last change, or null for none within the period',
    path: ['sim_swap_latest_change'],
  })
  .refine((r) => r.device_swap_monitored_period === undefined || r.device_swap_latest_change !== undefined, {
    message: 'a monitored period needs device_swap_latest_change: the date of the last change, or null for none within the period',
    path: ['device_swap_latest_change'],
  })
  .openapi('DecisionRequest')

export type DecisionRequest = z.infer<typeof DecisionRequest>
