// Lint rules: typescript-eslint's recommended set over every TypeScript file of the project.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.wrangler/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Node strips types and resolves files as written: a relative import names its file, extension included.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^\\.\\.?\\/(?!.*\\.(ts|tsx|js|json|txt|csv)(\\?raw)?$)/], ExportNamedDeclaration[source.value=/^\\.\\.?\\/(?!.*\\.(ts|tsx|js|json|txt|csv)$)/], ExportAllDeclaration[source.value=/^\\.\\.?\\/(?!.*\\.(ts|tsx|js|json|txt|csv)$)/], ImportExpression[source.value=/^\\.\\.?\\/(?!.*\\.(ts|tsx|js|json)$)/]",
          message: 'Name the imported file with its extension (./module.ts).',
        },
      ],
    },
  },
)
