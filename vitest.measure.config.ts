// Measurements, apart from the suite (`npm run measure:*`): the fraud worker's project over *.measure.ts files,
// which print the figures the docs quote. `npm test` never runs them.
import { defineConfig } from 'vitest/config'
import { fraudProject } from './vitest.config.ts'

export default defineConfig({
  test: {
    projects: [fraudProject('fraud-measure', ['test/fraud/**/*.measure.ts'])],
  },
})
