/**
 * @module
 * The event types of a decision request (seed 001), in their own module so the policy schema, which Node
 * loads directly for the staging script, can name them without the request's OpenAPI schema.
 */
export const EVENT_SUBTYPES = ['sim_activation', 'topup', 'device_upgrade', 'sim_swap', 'international_enable', 'equipment_purchase'] as const

export type EventSubtype = (typeof EVENT_SUBTYPES)[number]
