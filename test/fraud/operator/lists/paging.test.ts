// GET /lists/{list}/items pages oldest first and filters by field; expired items are listed as inactive.
import { describe, expect, it } from 'vitest'
import { call, uid } from '../../helpers.ts'
import { addItem, expireNow, type Item } from './list-calls.ts'

interface Page {
  items: Item[]
  next_cursor: string | null
}

const page = async (query: string): Promise<Page> => {
  const response = await call(`/lists/block/items?${query}`)
  expect(response.status).toBe(200)
  return response.json<Page>()
}

describe('listing live list items', () => {
  it('pages through every item once, in the order added, and filters by field', async () => {
    const added: Item[] = []
    for (let i = 0; i < 5; i++) added.push(await addItem('block', { field: i % 2 === 0 ? 'card_token' : 'device_fingerprint', value: `v_${uid()}` }))
    await addItem('allow', { field: 'card_token', value: `tok_${uid()}` })

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const current: Page = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(current.items.length).toBeLessThanOrEqual(2)
      seen.push(...current.items.map((item) => item.id))
      cursor = current.next_cursor
    } while (cursor !== null)
    expect(seen).toEqual(added.map((item) => item.id))

    const cards = await page('field=card_token')
    expect(cards.items.map((item) => item.id)).toEqual([added[0]!.id, added[2]!.id, added[4]!.id])
    expect(cards.items.every((item) => item.list === 'block')).toBe(true)

    await expireNow('list_items', added[0]!.id)
    expect((await page('field=card_token')).items[0]).toMatchObject({ id: added[0]!.id, active: false })
  })

  it('answers 400 to an unknown list, field or cursor', async () => {
    expect((await call('/lists/grey/items')).status).toBe(400)
    expect((await call('/lists/block/items?field=email')).status).toBe(400)
    expect((await call('/lists/block/items?cursor=lst_1')).status).toBe(400)
    expect((await call('/lists/block/items?limit=0')).status).toBe(400)
  })
})
