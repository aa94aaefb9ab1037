/** The hints `npm start` prints while there is no staff account or no API client yet. */
import { db } from "@/lib/db";

/**
 * What a new operator needs to do next, printed by `npm start` once it serves: read from the
 * database before, given the address it serves on (known only once it listens) after.
 */
export async function firstRunHints(): Promise<(url: string) => string[]> {
  const noStaff = (await db().staff.count()) === 0;
  const noClients = (await db().apiClient.count({ where: { active: true } })) === 0;
  return (url) => {
    const base = url.replace(/\/$/, "");
    const hints: string[] = [];
    if (noStaff) {
      hints.push(
        "",
        "No staff accounts yet. Create the first admin of the back office (in another terminal; the server keeps running):",
        "  npm run cli -- staff create --email you@example.com --role admin",
        `It prints a generated password; sign in with it at ${base}/admin.`,
      );
    }
    if (noClients) {
      hints.push(
        "",
        "No API clients yet. Create one for your app:",
        '  npm run cli -- clients create --name "Mobile app" --origin https://app.example.com',
        "then call the API with its client_id and client_secret, e.g.:",
        `  curl -H 'X-Client-ID: cli_…' -H 'X-Client-Secret: sec_…' ${base}/client/v1/settings`,
      );
    }
    return hints;
  };
}
