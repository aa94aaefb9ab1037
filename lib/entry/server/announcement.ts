/**
 * What `npm start` prints once it serves: where, on what, and while there is no staff account or no
 * API client yet, or the business settings are still the placeholders, what a new operator does next. Imports nothing, as the cluster's primary prints it
 * (scripts/primary.ts) and loads no more than it needs to hand connections over.
 */

/** Read from the database before serving (lib/entry/server/first-run.ts). */
export type FirstRun = { noStaff: boolean; noClients: boolean; placeholderSettings: boolean };

export type Serving = {
  /** The address it listens on, known only once it does. */
  url: string;
  publicUrl?: string;
  /** The database, as lib/platform/db/target.ts describes it. */
  database: string;
  processes: number;
  firstRun: FirstRun;
};

export function announcement({ url, publicUrl, database, processes, firstRun }: Serving): string[] {
  const base = (publicUrl ?? url).replace(/\/$/, "");
  const lines = [
    "",
    `Ready on ${publicUrl ?? url}  (${database}; ${processes} server process${processes > 1 ? "es" : ""})`,
  ];
  // In README's order ("Quick start"): a client for the app, the first admin, then a call.
  if (firstRun.noClients || firstRun.noStaff) lines.push("", "Next, in another terminal (the server keeps running):");
  if (firstRun.noClients) {
    lines.push(
      "",
      "No API clients yet. Create one for your app:",
      '  npm run -s cli -- clients create --name "Mobile app" --origin https://app.example.com',
    );
  }
  if (firstRun.noStaff) {
    lines.push(
      "",
      "No staff accounts yet. Create the first admin of the back office:",
      "  npm run -s cli -- staff create --email you@example.com --role admin",
      `It prints a generated password; sign in with it at ${base}/admin.`,
    );
  }
  if (firstRun.noClients) {
    lines.push(
      "",
      "Then call the API with the client's client_id and client_secret, e.g.:",
      `  curl -H 'X-Client-ID: cli_…' -H 'X-Client-Secret: sec_…' ${base}/client/v1/settings`,
    );
  }
  if (firstRun.placeholderSettings) {
    lines.push(
      "",
      'The business settings are placeholders ("[placeholder] Example Remit", "FRN 000000"), and the apps and the',
      `sign-in page show them to customers: an admin or operations member sets the real ones at ${base}/admin#/settings.`,
    );
  }
  return lines;
}
