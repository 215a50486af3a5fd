/**
 * @module
 * A minimal Prometheus text-format (0.0.4) serializer. Hand-written because prom-client depends on
 * Node's process and timers and keeps its registry per process, while here the figures live in a
 * Durable Object and only need rendering.
 */

export interface Sample {
  /** Full sample name, e.g. `fraud_decision_latency_seconds_bucket`. */
  name: string
  labels?: Record<string, string>
  value: number
}

export interface MetricFamily {
  name: string
  help: string
  type: 'counter' | 'gauge' | 'histogram'
  samples: Sample[]
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Infinity) return '+Inf'
  if (value === -Infinity) return '-Inf'
  return String(value)
}

/**
 * Renders metric families with their HELP and TYPE lines, ending in a newline as the format requires.
 *
 * @example
 * renderPrometheus([{ name: 'x_total', help: 'Xs.', type: 'counter', samples: [{ name: 'x_total', value: 1 }] }])
 * // '# HELP x_total Xs.\n# TYPE x_total counter\nx_total 1\n'
 */
export function renderPrometheus(families: MetricFamily[]): string {
  const lines: string[] = []
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`)
    lines.push(`# TYPE ${family.name} ${family.type}`)
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels ?? {})
      const labelText = labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(',')}}`
      lines.push(`${sample.name}${labelText} ${formatValue(sample.value)}`)
    }
  }
  return `${lines.join('\n')}\n`
}
