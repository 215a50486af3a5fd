/**
 * @module
 * Turns the request's image (the `image` field as base64 or a `data:` URL, or bytes from a multipart part or a raw
 * body) into checked image bytes, refusing oversized input before decoding it and anything whose magic bytes are
 * not JPEG, PNG or WebP.
 */
import { ApiError } from '../../lib/api-error.ts'

/** The image types the vision model is given. */
export type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/webp'

export interface DecodedImage {
  bytes: Uint8Array
  mediaType: ImageMediaType
}

// Standard and URL-safe alphabets; padding is optional (some encoders drop it).
const BASE64_BODY = /^[A-Za-z0-9+/\-_]*={0,2}$/
const DATA_URL = /^data:([^,]*?),/i

/**
 * The decoded size of a base64 text of `length` characters (white space already removed).
 *
 * @example
 * decodedLength('aGVsbG8='.length, 1) // 5
 */
export function decodedLength(length: number, padding: number): number {
  return Math.floor((length * 3) / 4) - padding
}

/**
 * The base64 length of `bytes` bytes, padded.
 *
 * @example
 * base64Length(10) // 16
 */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4
}

function badImage(message: string): ApiError {
  return new ApiError(400, 'validation_error', message, { details: { field: 'image', issue: 'invalid_value' } })
}

/** Strips a `data:` URL prefix, insisting it declares base64 (a percent-encoded image is not accepted). */
function base64Payload(input: string): string {
  const match = DATA_URL.exec(input)
  if (!match) return input
  const params = (match[1] ?? '').split(';').map((p) => p.trim().toLowerCase())
  if (!params.includes('base64')) throw badImage('The data URL must be base64-encoded ("data:image/jpeg;base64,...").')
  return input.slice(match[0].length)
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  prefix.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0))

/**
 * Recognises JPEG, PNG and WebP by their magic bytes; returns null for anything else.
 *
 * @example
 * sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) // 'image/jpeg'
 */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

// Formats people often send by mistake, named in the error so the fix is obvious.
function describeOtherFormat(bytes: Uint8Array): string | null {
  if (startsWith(bytes, ascii('GIF8'))) return 'a GIF image'
  if (startsWith(bytes, ascii('%PDF'))) return 'a PDF document'
  if (startsWith(bytes, ascii('BM'))) return 'a BMP image'
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'a HEIC/AVIF image'
  return null
}

/**
 * A byte count in megabytes (MiB) as people read it: "10", "2.5", "0.002".
 *
 * @example
 * megabytes(10 * 1024 * 1024) // '10'
 */
export function megabytes(bytes: number): string {
  return String(Number((bytes / (1024 * 1024)).toPrecision(bytes >= 1024 * 1024 ? 3 : 1)))
}

/**
 * The 413 for an image over the limit, named in megabytes: people know their photo's size in MB, not its bytes.
 *
 * @example
 * imageTooLarge(10 * 1024 * 1024, 12 * 1024 * 1024).message // 'The image is 12 MB; the largest accepted is 10 MB.'
 */
export function imageTooLarge(maxBytes: number, imageBytes?: number): ApiError {
  const size = imageBytes === undefined ? 'larger than the largest accepted,' : `${megabytes(imageBytes)} MB; the largest accepted is`
  return new ApiError(413, 'payload_too_large', `The image is ${size} ${megabytes(maxBytes)} MB.`, {
    details: { field: 'image', max_bytes: maxBytes, max_megabytes: Number(megabytes(maxBytes)), ...(imageBytes !== undefined ? { image_bytes: imageBytes } : {}) },
  })
}

/**
 * Checks image bytes received as they are (a multipart part or a raw body): 413 over `maxBytes`, 400 unless JPEG,
 * PNG or WebP by their magic bytes (a declared type is not trusted).
 *
 * @example
 * checkImageBytes(pngBytes, 10 * 1024 * 1024) // { bytes: pngBytes, mediaType: 'image/png' }
 */
export function checkImageBytes(bytes: Uint8Array, maxBytes: number): DecodedImage {
  if (bytes.length === 0) throw badImage('The image is empty.')
  if (bytes.length > maxBytes) throw imageTooLarge(maxBytes, bytes.length)
  return { bytes, mediaType: imageType(bytes) }
}

function imageType(bytes: Uint8Array): ImageMediaType {
  const mediaType = sniffImageType(bytes)
  if (mediaType !== null) return mediaType
  const other = describeOtherFormat(bytes)
  throw badImage(`The image must be a JPEG, PNG or WebP${other ? `; this is ${other}` : ''}.`)
}

/**
 * Decodes and checks the request's image. Throws ApiError 413 when the decoded size exceeds
 * `maxBytes` (estimated from the base64 length, before any decoding) and 400 for anything else wrong.
 *
 * @example
 * decodeImage('data:image/png;base64,iVBORw0KGgo...', 10 * 1024 * 1024) // { bytes, mediaType: 'image/png' }
 */
export function decodeImage(input: string, maxBytes: number): DecodedImage {
  const payload = base64Payload(input.trim()).replace(/\s+/g, '')
  if (payload.length === 0) throw badImage('The image is empty.')
  if (!BASE64_BODY.test(payload) || payload.length % 4 === 1) {
    throw badImage('The image is not valid base64 (or a base64 data: URL).')
  }
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  const size = decodedLength(payload.length, padding)
  if (size > maxBytes) throw imageTooLarge(maxBytes, size)
  const bytes = base64ToBytes(payload.replace(/-/g, '+').replace(/_/g, '/'))
  return { bytes, mediaType: imageType(bytes) }
}

function base64ToBytes(base64: string): Uint8Array {
  let binary: string
  try {
    binary = atob(base64)
  } catch {
    throw badImage('The image is not valid base64 (or a base64 data: URL).')
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
