// Every setting of the ingredient worker, read once through src/ingredient/config.ts: its default, and what a
// missing or malformed value gives.
import { describe, expect, it } from 'vitest'
import { DEFAULT_TEXT_MODEL, DEFAULT_VISION_MODEL, DEFAULTS, ingredientConfig, MAX_IMAGE_BYTES_CEILING } from '../../src/ingredient/config.ts'

describe('ingredient settings', () => {
  it('gives every default when nothing is set', () => {
    expect(ingredientConfig({})).toEqual({
      production: false,
      visionModel: DEFAULT_VISION_MODEL,
      textModel: DEFAULT_TEXT_MODEL,
      ocrMaxImageBytes: MAX_IMAGE_BYTES_CEILING,
      ocrTimeoutMs: DEFAULTS.ocrTimeoutMs,
    })
  })

  it('reads the wrangler file\'s values', () => {
    const config = ingredientConfig({
      ENVIRONMENT: 'production',
      VISION_MODEL: '@cf/test/vision',
      TEXT_MODEL: '@cf/test/text',
      OCR_MAX_IMAGE_BYTES: '2048',
      OCR_TIMEOUT_MS: '150',
    })
    expect(config).toEqual({ production: true, visionModel: '@cf/test/vision', textModel: '@cf/test/text', ocrMaxImageBytes: 2048, ocrTimeoutMs: 150 })
  })

  it('trims model ids and defaults a blank one', () => {
    expect(ingredientConfig({ VISION_MODEL: '  @cf/test/vision ', TEXT_MODEL: '   ' })).toMatchObject({ visionModel: '@cf/test/vision', textModel: DEFAULT_TEXT_MODEL })
  })

  it('defaults a number that is not a positive whole number, and caps the image size at 10 MiB', () => {
    for (const bad of ['', 'ten', '-5', '0', '2.5']) {
      expect(ingredientConfig({ OCR_MAX_IMAGE_BYTES: bad, OCR_TIMEOUT_MS: bad })).toMatchObject({ ocrMaxImageBytes: MAX_IMAGE_BYTES_CEILING, ocrTimeoutMs: DEFAULTS.ocrTimeoutMs })
    }
    expect(ingredientConfig({ OCR_MAX_IMAGE_BYTES: String(50 * 1024 * 1024) }).ocrMaxImageBytes).toBe(MAX_IMAGE_BYTES_CEILING)
  })

  it('is production only for exactly "production"', () => {
    expect(ingredientConfig({ ENVIRONMENT: 'Production' }).production).toBe(false)
    expect(ingredientConfig({ ENVIRONMENT: 'development' }).production).toBe(false)
  })

  it('parses an env object once', () => {
    const env = { OCR_TIMEOUT_MS: '150' }
    expect(ingredientConfig(env)).toBe(ingredientConfig(env))
  })
})
