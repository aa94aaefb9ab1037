/** The admin e2e/serve.ts creates with the CLI before the server starts. */
export const FIRST_ADMIN = { email: "first.admin@example.com", password: "first admin password" };
