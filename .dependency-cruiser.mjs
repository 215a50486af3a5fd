/**
 * The fraud worker's layers, checked by dependency-cruiser (`npm run lint:layers`): HTTP and the other entry
 * points (routes, console, queue) → services (decide, operator → evidence → policy → metrics) → engine → db →
 * model, config, env → src/lib. docs/architecture.md draws them.
 */
const fraud = '^src/fraud/'
const entry = `${fraud}(index|app|queue)\\.ts$|${fraud}(routes|console)/`
const layer = (folders) => `${fraud}(${folders.join('|')})/`

/** A rule that forbids a layer from importing any of the layers above it. */
function downwardOnly(name, from, above) {
  return { name, severity: 'error', comment: `${name}: imports run downward only`, from: { path: from }, to: { path: above } }
}

export default {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No import cycles', from: {}, to: { circular: true } },
    {
      name: 'workers-apart',
      severity: 'error',
      comment: 'Each worker imports only itself and src/lib',
      from: { path: '^src/(fraud|ingredient)/' },
      to: { path: '^src/(fraud|ingredient)/', pathNot: ['^src/$1/'] },
    },
    { name: 'lib-shared', severity: 'error', comment: 'src/lib serves both workers and imports neither', from: { path: '^src/lib/' }, to: { path: '^src/(fraud|ingredient)/' } },
    downwardOnly('services-below-http', `${layer(['decide', 'operator', 'evidence', 'policy', 'metrics', 'engine', 'db', 'model'])}|${fraud}(config|env)\\.ts$`, entry),
    downwardOnly('operator-beside-decide', layer(['operator']), layer(['decide'])),
    downwardOnly('evidence-below-decide-and-operator', layer(['evidence']), layer(['decide', 'operator'])),
    downwardOnly('policy-below-evidence', layer(['policy']), layer(['decide', 'operator', 'evidence'])),
    downwardOnly('metrics-lowest-service', layer(['metrics']), layer(['decide', 'operator', 'evidence', 'policy'])),
    downwardOnly('engine-below-services', layer(['engine']), layer(['decide', 'operator', 'evidence', 'policy', 'metrics'])),
    downwardOnly('db-below-engine', layer(['db']), layer(['decide', 'operator', 'evidence', 'policy', 'metrics', 'engine'])),
    downwardOnly(
      'model-at-the-bottom',
      `${layer(['model'])}|${fraud}(config|env)\\.ts$`,
      `${layer(['decide', 'operator', 'evidence', 'policy', 'metrics', 'engine', 'db'])}`,
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
}
