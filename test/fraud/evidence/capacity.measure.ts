// `npm run measure:capacity`: the storage a decision costs, on hundreds of decisions, printed as the JSON lines
// docs/capacity.md quotes (the suite checks the same budgets on fewer, in capacity.test.ts).
import { describe, it } from 'vitest'
import { evidenceCapacity, loopCapacity, tenantCapacity } from './capacity-measures.ts'

const print = (line: string) => console.info(line)

describe('capacity, measured', () => {
  it('evidence_capacity: 400 decisions', () => evidenceCapacity(400, print))

  it('tenant_capacity: 400 decisions a tenant', () => tenantCapacity(400, print))

  it('loop_capacity: 200 outcomes and 2,000 shadow rows', () => loopCapacity(200, 2000, print))
})
