/**
 * The layers, checked by dependency-cruiser in `npm run lint` (`depcruise src tools bench scripts test`). The fraud
 * worker's: HTTP and the other entry points (routes, console, queue) → services (decide, operator → evidence →
 * policy → metrics) → engine → db → model, config, env → src/lib. The Node side's: bench/, scripts/ and test/
 * each → tools/ (and src/), never one another. docs/architecture.md draws them.
 */
const fraud = '^src/fraud/'
const entry = `${fraud}(index|app|queue)\\.ts$|${fraud}(routes|console)/`
const layer = (folders) => `${fraud}(${folders.join('|')})/`

/** A rule that forbids a layer from importing any of the layers above it. */
function downwardOnly(name, from, above) {
  return { name, severity: 'error', comment: `${name}: imports run downward only`, from: { path: from }, to: { path: above } }
}

/**
 * The ingredient worker's layers (src/ingredient), top to bottom; docs/architecture.md draws them. A layer imports
 * only the layers below it; folders on one line stay apart:
 *
 *   entry        index.ts, app.ts, routes/
 *   analysis/    the path of one analysis, wired (analyze, detail, verdict, schema)
 *   services     ocr/ (the /ocr pipeline), assessment/ (the text model's assessment of unknown ingredients)
 *   stages       personalise/ → resolve/ → scoring/, wording/ → parser/ → label-text/
 *   settings     env.ts, config.ts
 *   ai/          the Workers AI binding and its availability memory
 *   knowledge/   the knowledge base and its look-ups
 *   base         profile.ts, memo.ts, work-meter.ts
 *
 * Each folder has one way in, its index.ts: no module imports another folder's other files.
 */
const ingredient = '^src/ingredient/'
const ingredientFolder = (folders) => `${ingredient}(${folders.join('|')})/`
const ingredientFile = (files) => `${ingredient}(${files.join('|')})\\.ts$`
const ingredientLayers = [
  { name: 'entry', path: `${ingredientFile(['index', 'app'])}|${ingredientFolder(['routes'])}` },
  { name: 'analysis', path: ingredientFolder(['analysis']) },
  { name: 'services', path: ingredientFolder(['ocr', 'assessment']) },
  { name: 'personalise', path: ingredientFolder(['personalise']) },
  { name: 'resolve', path: ingredientFolder(['resolve']) },
  { name: 'scoring-wording', path: ingredientFolder(['scoring', 'wording']) },
  { name: 'parser', path: ingredientFolder(['parser']) },
  { name: 'label-text', path: ingredientFolder(['label-text']) },
  { name: 'settings', path: ingredientFile(['env', 'config']) },
  { name: 'ai', path: ingredientFolder(['ai']) },
  { name: 'knowledge', path: ingredientFolder(['knowledge']) },
  { name: 'base', path: ingredientFile(['profile', 'memo', 'work-meter']) },
]

const ingredientRules = [
  // Every module of the worker sits in one layer, so a new folder or root file is placed on purpose.
  {
    name: 'ingredient-layer-known',
    severity: 'error',
    comment: 'ingredient-layer-known: every module of src/ingredient belongs to a layer named in .dependency-cruiser.mjs',
    from: {},
    to: { path: ingredient, pathNot: ingredientLayers.map((layer) => `(${layer.path})`).join('|') },
  },
  // Each layer imports none of the layers above it.
  ...ingredientLayers.slice(1).map((layer, i) => ({
    name: `ingredient-${layer.name}-downward`,
    severity: 'error',
    comment: `ingredient-${layer.name}-downward: imports run downward only`,
    from: { path: layer.path },
    to: { path: ingredientLayers.slice(0, i + 1).map((above) => above.path).join('|') },
  })),
  // Folders that share a line stay apart.
  { name: 'ingredient-services-apart', severity: 'error', comment: 'ocr/ and assessment/ import neither the other', from: { path: `${ingredient}(ocr|assessment)/` }, to: { path: `${ingredient}(ocr|assessment)/`, pathNot: [`${ingredient}$1/`] } },
  { name: 'ingredient-scoring-wording-apart', severity: 'error', comment: 'scoring/ and wording/ import neither the other', from: { path: `${ingredient}(scoring|wording)/` }, to: { path: `${ingredient}(scoring|wording)/`, pathNot: [`${ingredient}$1/`] } },
  // One way into a folder: its index.ts.
  {
    name: 'ingredient-through-index',
    severity: 'error',
    comment: "ingredient-through-index: another folder's modules are imported through its index.ts only",
    from: { path: `${ingredient}([^/]+)` },
    to: { path: `${ingredient}[^/]+/`, pathNot: [`${ingredient}$1/`, `${ingredient}[^/]+/index\\.ts$`] },
  },
]

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
    downwardOnly('services-below-http', `${layer(['decide', 'network', 'operator', 'evidence', 'policy', 'metrics', 'engine', 'db', 'model'])}|${fraud}(config|env)\\.ts$`, entry),
    downwardOnly('operator-beside-decide', layer(['operator']), layer(['decide'])),
    // network/: the CAMARA client the decision asks; it knows no other service.
    downwardOnly('network-below-decide', layer(['network']), layer(['decide', 'operator', 'evidence', 'policy', 'metrics'])),
    downwardOnly('evidence-below-decide-and-operator', layer(['evidence']), layer(['decide', 'operator'])),
    downwardOnly('policy-below-evidence', layer(['policy']), layer(['decide', 'operator', 'evidence'])),
    downwardOnly('metrics-lowest-service', layer(['metrics']), layer(['decide', 'operator', 'evidence', 'policy'])),
    downwardOnly('engine-below-services', layer(['engine']), layer(['decide', 'network', 'operator', 'evidence', 'policy', 'metrics'])),
    downwardOnly('db-below-engine', layer(['db']), layer(['decide', 'network', 'operator', 'evidence', 'policy', 'metrics', 'engine'])),
    downwardOnly(
      'model-at-the-bottom',
      `${layer(['model'])}|${fraud}(config|env)\\.ts$`,
      `${layer(['decide', 'network', 'operator', 'evidence', 'policy', 'metrics', 'engine', 'db'])}`,
    ),
    ...ingredientRules,
    // The Node side: tools/ (the Miniflare harness, the module hooks, the OpenAPI client types, shared fixtures)
    // serves bench/, scripts/ and test/, which never import one another; the workers import none of them.
    // The tests of scripts and benchmarks (test/scripts/, and test/fraud/scripts/ for the one that needs the
    // fraud worker's bindings) are the exception: they import the code they test.
    {
      name: 'workers-import-no-tools',
      severity: 'error',
      comment: 'src/ is the workers: it imports none of tools/, bench/, scripts/, test/',
      from: { path: '^src/' },
      to: { path: '^(tools|bench|scripts|test)/' },
    },
    {
      name: 'tools-at-the-bottom',
      severity: 'error',
      comment: 'tools/ serves bench/, scripts/ and test/ and imports none of them',
      from: { path: '^tools/' },
      to: { path: '^(bench|scripts|test)/' },
    },
    { name: 'bench-apart', severity: 'error', comment: 'bench/ imports tools/ and src/, never scripts/ or test/', from: { path: '^bench/' }, to: { path: '^(scripts|test)/' } },
    { name: 'scripts-apart', severity: 'error', comment: 'scripts/ imports tools/ and src/, never bench/ or test/', from: { path: '^scripts/' }, to: { path: '^(bench|test)/' } },
    {
      name: 'tests-apart',
      severity: 'error',
      comment: 'test/ imports tools/ and src/; only the tests of scripts and benchmarks import bench/ or scripts/, the code they test',
      from: { path: '^test/', pathNot: '^test/(scripts|fraud/scripts)/' },
      to: { path: '^(bench|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // `@edge-workers/tools/…` resolves through the tools workspace's package exports to the files in tools/.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
    exclude: { path: '\\.d\\.ts$' },
  },
}
