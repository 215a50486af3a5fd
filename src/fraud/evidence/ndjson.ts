/**
 * @module
 * Reads gzip NDJSON archive objects line by line, so a look-up or a range read holds one line at a time,
 * never a whole hour of records, and stops as soon as it has what it needs.
 */

/**
 * The lines of a gzip NDJSON body, in order, without their newlines (empty lines skipped).
 *
 * @example
 * for await (const line of gzipLines(object.body)) if (line.includes(needle)) return JSON.parse(line)
 */
export async function* gzipLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.pipeThrough(new DecompressionStream('gzip')).pipeThrough(new TextDecoderStream()).getReader()
  let pending = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      pending += value
      let newline = pending.indexOf('\n')
      while (newline >= 0) {
        const line = pending.slice(0, newline)
        if (line.length > 0) yield line
        pending = pending.slice(newline + 1)
        newline = pending.indexOf('\n')
      }
    }
    if (pending.length > 0) yield pending
  } finally {
    // Stops the decompression when the caller leaves early (a look-up that found its line).
    await reader.cancel().catch(() => undefined)
  }
}
