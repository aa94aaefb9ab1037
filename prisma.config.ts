// Used by the Prisma CLI (`prisma generate`; `prisma migrate deploy` on a machine that can fetch
// Prisma's engines). The app itself migrates with lib/platform/db/migrations.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : "postgresql://localhost/unused",
  },
});
