// drizzle-kit configuration: `npm run db:generate` turns src/fraud/db/schema.ts into SQL in migrations/.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/fraud/db/schema.ts',
  out: './migrations',
  // wrangler d1 migrations expects flat NNNN_name.sql files; drizzle-kit's default prefix gives exactly that.
  migrations: { prefix: 'index' },
})
