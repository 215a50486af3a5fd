// What D1 keeps of a live list item or snooze: keyed hashes, never the raw value (only an ip_range's CIDR).
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { uid } from '../../helpers.ts'
import { addItem, addSnooze } from './list-calls.ts'

/** Every row of every table of the database, as JSON text. */
async function databaseText(): Promise<string> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>()
  const tables = await Promise.all(results.map(async ({ name }) => JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)))
  return tables.join('\n')
}

describe('live list storage', () => {
  it('keeps no raw value of any field', async () => {
    const raw = {
      card_token: `tok_raw_${uid()}`,
      user_id: `user_raw_${uid()}`,
      phone_number: '+33698765432',
      device_fingerprint: `dev_raw_${uid()}`,
      imei: '356938035643809',
      ip_address: '198.51.100.231',
    }
    for (const [field, value] of Object.entries(raw)) {
      await addItem('block', { field, value })
      await addItem('allow', { field, value })
      await addSnooze('sim_farm_activation', { field, value })
    }
    const range = await addItem('block', { field: 'ip_range', value: '203.0.113.0/24' })
    const text = await databaseText()
    for (const value of Object.values(raw)) expect(text).not.toContain(value)
    expect(text).not.toContain('698765432')
    // A range is stored as a range: that is what matches.
    expect(text).toContain(range.cidr)
  })
})
