import { db } from "@/lib/db";

/** What a new operator needs to do next, printed by `npm start`. */
export async function firstRunHints(): Promise<string[]> {
  const hints: string[] = [];
  if ((await db().staff.count()) === 0) {
    hints.push(
      "",
      "No staff accounts yet. Stop the server (Ctrl-C) and create the first admin of the back office:",
      "  npm run cli -- staff create --email you@example.com --role admin",
      "It prints a generated password; sign in with it at /admin.",
    );
  }
  if ((await db().apiClient.count({ where: { active: true } })) === 0) {
    hints.push(
      "",
      "No API clients yet. Stop the server (Ctrl-C) and create one for your app:",
      '  npm run cli -- clients create --name "Mobile app" --origin https://app.example.com',
      "then call the API with its client_id and client_secret, e.g.:",
      "  curl -H 'X-Client-ID: cli_…' -H 'X-Client-Secret: sec_…' http://localhost:3000/client/v1/settings",
    );
  }
  return hints;
}
