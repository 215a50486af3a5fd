// The availability memory both model callers use (src/ingredient/ai/availability.ts): how long each outcome
// is remembered, and that bindings, models and memories do not read each other's outcomes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { availabilityMemory } from '../../../src/ingredient/ai/availability.ts'

const MODEL = '@cf/test/model'
const binding = () => ({})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('availabilityMemory', () => {
  it('knows nothing of a binding it has not seen', () => {
    expect(availabilityMemory({ unavailableForMs: 1000 }).recall(binding(), MODEL)).toBeNull()
  })

  it('remembers a failure, with its reason, for unavailableForMs and then forgets it', () => {
    const memory = availabilityMemory({ unavailableForMs: 60_000 })
    const ai = binding()
    memory.markUnavailable(ai, MODEL, 'Binding AI needs to be run remotely')
    vi.advanceTimersByTime(59_999)
    expect(memory.recall(ai, MODEL)).toEqual({ status: 'unavailable', reason: 'Binding AI needs to be run remotely' })
    vi.advanceTimersByTime(1)
    expect(memory.recall(ai, MODEL)).toBeNull()
  })

  it('remembers a success for availableForMs', () => {
    const memory = availabilityMemory({ unavailableForMs: 60_000, availableForMs: 300_000 })
    const ai = binding()
    memory.markAvailable(ai, MODEL)
    vi.advanceTimersByTime(299_999)
    expect(memory.recall(ai, MODEL)).toEqual({ status: 'available' })
    vi.advanceTimersByTime(1)
    expect(memory.recall(ai, MODEL)).toBeNull()
  })

  it('without availableForMs, a success only clears the failure', () => {
    const memory = availabilityMemory({ unavailableForMs: 60_000 })
    const ai = binding()
    memory.markUnavailable(ai, MODEL)
    expect(memory.recall(ai, MODEL)).toEqual({ status: 'unavailable' })
    memory.markAvailable(ai, MODEL)
    expect(memory.recall(ai, MODEL)).toBeNull()
  })

  it('keeps bindings, models and memories apart', () => {
    const first = availabilityMemory({ unavailableForMs: 60_000 })
    const second = availabilityMemory({ unavailableForMs: 60_000 })
    const ai = binding()
    first.markUnavailable(ai, MODEL)
    expect(first.recall(binding(), MODEL)).toBeNull()
    expect(first.recall(ai, '@cf/test/other-model')).toBeNull()
    expect(second.recall(ai, MODEL)).toBeNull()
  })
})
