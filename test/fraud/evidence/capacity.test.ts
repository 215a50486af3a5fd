// The storage budgets of a decision (capacity-measures.ts), checked without printing the figures: 400 decisions
// for the split between the tiers (D1's file grows by pages: on fewer, the split measures page boundaries),
// 200 for a tenant's bytes. `npm run measure:capacity` prints the figures docs/capacity.md quotes.
import { describe, it } from 'vitest'
import { evidenceCapacity, loopCapacity, tenantCapacity } from './capacity-measures.ts'

const quiet = () => undefined

describe('capacity', () => {
  it('keeps D1 under 700 bytes a decision and its steady state at 10,000 a minute under 5 GB', () => evidenceCapacity(400, quiet))

  it("keeps a named tenant's decision under the same D1 budget", () => tenantCapacity(200, quiet))

  it('stores an outcome and a shadow row in D1', () => loopCapacity(100, 1000, quiet))
})
