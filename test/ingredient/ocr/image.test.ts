// Image decoding: base64 and data URLs, the size check before decoding, and magic-byte sniffing.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/lib/api-error.ts'
import { base64Length, decodedLength, decodeImage, sniffImageType } from '../../../src/ingredient/ocr/image.ts'
import { IMAGES, PNG_1X1, toBase64 } from '../support/fake-ai.ts'

const MiB = 1024 * 1024

function statusOf(run: () => unknown): number | undefined {
  try {
    run()
  } catch (err) {
    return err instanceof ApiError ? err.status : -1
  }
  return undefined
}

describe('sniffImageType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('recognises %s', (name, type) => {
    expect(sniffImageType(IMAGES[name])).toBe(type)
  })

  it('refuses a RIFF container that is not WebP (a WAV file)', () => {
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull()
  })

  it('refuses bytes too short to carry a signature', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })
})

describe('decodeImage', () => {
  it('decodes plain base64, a data URL and URL-safe base64 to the same bytes', () => {
    const b64 = toBase64(PNG_1X1)
    const urlSafe = b64.replace(/\+/g, '-').replace(/\//g, '_')
    for (const input of [b64, `data:image/png;base64,${b64}`, `  ${b64}\n`, urlSafe, `DATA:image/PNG;charset=utf-8;BASE64,${b64}`]) {
      expect(decodeImage(input, MiB)).toEqual({ bytes: PNG_1X1, mediaType: 'image/png' })
    }
  })

  it('round-trips any JPEG, PNG or WebP payload, with or without padding and line breaks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.values(IMAGES) as Uint8Array[])),
        fc.uint8Array({ maxLength: 300 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 80 }),
        (head, tail, stripPadding, wrapAt) => {
          const bytes = Uint8Array.from([...head, ...tail])
          let b64 = toBase64(bytes)
          if (stripPadding) b64 = b64.replace(/=+$/, '')
          if (wrapAt > 0) b64 = b64.replace(new RegExp(`(.{${wrapAt}})`, 'g'), '$1\n')
          expect(decodeImage(b64, MiB).bytes).toEqual(bytes)
        },
      ),
    )
  })

  it('estimates the decoded size exactly from the base64 length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 * MiB }), (size) => {
        const padding = (3 - (size % 3)) % 3
        expect(decodedLength(base64Length(size), padding)).toBe(size)
      }),
    )
  })

  it('answers 413 at one byte over the limit and accepts the limit itself', () => {
    const atLimit = new Uint8Array(3000)
    atLimit.set(PNG_1X1)
    expect(statusOf(() => decodeImage(toBase64(atLimit), 3000))).toBeUndefined()
    expect(statusOf(() => decodeImage(toBase64(atLimit), 2999))).toBe(413)
  })

  it('refuses a huge input by its length, before decoding it', () => {
    // 11 MiB of "A" is valid base64 but would decode to zeros; the size check must fire first.
    expect(statusOf(() => decodeImage('A'.repeat(Math.ceil((11 * MiB * 4) / 3)), 10 * MiB))).toBe(413)
  })

  it.each([
    ['not base64 at all %%%'],
    [''],
    ['   '],
    ['data:image/png;base64,'],
    ['data:image/png,rawbytes'],
    ['abcde'],
    ['ab=c'],
    [toBase64(new TextEncoder().encode('hello, this is text'))],
  ])('answers 400 for %j', (input) => {
    expect(statusOf(() => decodeImage(input, MiB))).toBe(400)
  })
})
