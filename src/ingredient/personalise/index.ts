/**
 * @module
 * Personalisation by the reader's profile: declared allergies (synonym-aware) and skin-type rules.
 */
export { type AllergyMatch, type DeclaredAllergy, declareAllergies, isAllergen, matchAllergies } from './allergies.ts'
export { type SkinEffect, appliesToSkin, skinEffect } from './skin-type.ts'
