// The second security review's rule conditions, shared by the engine's and the HTTP layer's tests.

/** The review's rule: `missing` handed a computed key, a multi-key object doubling an array 22 times. */
export const MISSING_BOMB = {
  missing: {
    map: [
      [{ a: { reduce: [Array.from({ length: 22 }, () => 0), { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [0]] }, b: 0 }],
      { var: 'a' },
    ],
  },
}

/** The review's leak: the whole decision data written to the logs. */
export const LOG_RULE = { log: { var: '' } }
