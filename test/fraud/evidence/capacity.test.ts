// The storage budgets of a decision (capacity-measures.ts), checked on a few dozen decisions: enough to see
// the figures under their budgets; `npm run measure:capacity` measures them on hundreds for docs/capacity.md.
import { describe, it } from 'vitest'
import { evidenceCapacity, loopCapacity, tenantCapacity } from './capacity-measures.ts'

const quiet = () => undefined

describe('capacity', () => {
  it('keeps D1 under 700 bytes a decision and its steady state at 10,000 a minute under 5 GB', () => evidenceCapacity(80, quiet))

  it("keeps a named tenant's decision under the same D1 budget", () => tenantCapacity(80, quiet))

  it('stores an outcome and a shadow row in D1', () => loopCapacity(40, 500, quiet))
})
