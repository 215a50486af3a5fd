/**
 * @module
 * Resolution of parsed ingredients against the knowledge base: names, E-numbers, processed forms, near matches, the product's kind and use, and each ingredient's facts for that product.
 */
export { COSMETIC_USES, type CosmeticUse, cosmeticUse, usesOf } from './cosmetic-use.ts'
export { PRODUCT_TYPES, type ProductType, type ReportedKind, productKind } from './product-kind.ts'
export { type ProductIngredient, entryForProduct, forProduct } from './product-use.ts'
export { type ExtraEntries, type ReadAs, type ResolvedIngredient, resolveIngredient, unresolvedNames, withAssessments } from './resolve.ts'
