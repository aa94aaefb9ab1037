/**
 * Imports customers from the previous system: a CSV with a header row and the columns
 * email, password_hash (bcrypt), created_at (ISO 8601 or YYYY-MM-DD), email_verified (true/false,
 * yes/no, 1/0). All or nothing: if any row is bad, nothing is imported and every bad row is
 * reported with its line number. Imported customers log in with their old password; the bcrypt
 * hash is replaced by argon2id at their first login.
 */
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { parseCsv } from "@/lib/platform/csv";
import { isBcryptHash } from "@/lib/domain/passwords/verify-password";

export const IMPORT_COLUMNS = ["email", "password_hash", "created_at", "email_verified"] as const;

export type ImportProblem = { line: number; message: string };
export type ImportResult = { imported: number } | { imported: 0; problems: ImportProblem[] };

const rowSchema = z.object({
  email: z
    .email("email is not a valid e-mail address")
    .max(254)
    .transform((email) => email.trim().toLowerCase()),
  password_hash: z.string().refine(isBcryptHash, "password_hash is not a bcrypt hash ($2a$, $2b$ or $2y$)"),
  created_at: z
    .string()
    .refine((value) => value !== "" && !Number.isNaN(Date.parse(value)), "created_at is not a date (ISO 8601)")
    .transform((value) => new Date(value)),
  email_verified: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .refine(
      (value) => ["true", "false", "yes", "no", "1", "0", ""].includes(value),
      "email_verified must be true or false",
    )
    .transform((value) => ["true", "yes", "1"].includes(value)),
});

const BATCH = 1000;

export async function importCustomers(csv: string): Promise<ImportResult> {
  const [header, ...rows] = parseCsv(csv);
  const columns = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  const missing = IMPORT_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length) {
    return {
      imported: 0,
      problems: [{ line: header?.line ?? 1, message: `the header row lacks ${missing.join(", ")}` }],
    };
  }

  const problems: ImportProblem[] = [];
  const customers: { email: string; passwordHash: string; createdAt: Date; emailVerifiedAt: Date | null }[] = [];
  const lineOfEmail = new Map<string, number>();
  for (const row of rows) {
    const record = Object.fromEntries(columns.map((column, index) => [column, row.fields[index]?.trim() ?? ""]));
    const parsed = rowSchema.safeParse(record);
    if (!parsed.success) {
      problems.push({ line: row.line, message: parsed.error.issues.map((issue) => issue.message).join("; ") });
      continue;
    }
    const { email, password_hash, created_at, email_verified } = parsed.data;
    const earlier = lineOfEmail.get(email);
    if (earlier) {
      problems.push({ line: row.line, message: `${email} is already on line ${earlier}` });
      continue;
    }
    lineOfEmail.set(email, row.line);
    customers.push({
      email,
      passwordHash: password_hash,
      createdAt: created_at,
      emailVerifiedAt: email_verified ? created_at : null,
    });
  }

  const existing = await db().customer.findMany({
    where: { email: { in: [...lineOfEmail.keys()] } },
    select: { email: true },
  });
  for (const { email } of existing) {
    problems.push({ line: lineOfEmail.get(email)!, message: `${email} already has an account` });
  }
  if (problems.length) return { imported: 0, problems: problems.sort((a, b) => a.line - b.line) };

  await db().$transaction(
    async (tx) => {
      for (let start = 0; start < customers.length; start += BATCH) {
        await tx.customer.createMany({
          data: customers.slice(start, start + BATCH).map((customer) => ({ ...customer, source: "import" })),
        });
      }
    },
    { timeout: 120_000 },
  );
  return { imported: customers.length };
}
