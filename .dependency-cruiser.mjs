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
    ...ingredientRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
}
