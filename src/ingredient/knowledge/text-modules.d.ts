// The knowledge base's data files are text modules (wrangler.ingredient.toml, [[rules]] type "Text").
declare module '*.kb.txt' {
  const text: string
  export default text
}
