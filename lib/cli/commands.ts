import { z } from "zod";
import { createClient, listClients, originSchema, revokeClient, toPublicClient } from "@/lib/clients";

export class UsageError extends Error {}

export type CommandContext = {
  args: string[];
  options: { name?: string; origin?: string[]; email?: string; role?: string; password?: string };
  print(value: unknown): void;
};

export const usage = `Usage: npm run cli -- <command> [options]

  clients create --name <name> --origin <https://app.example.com> [--origin …]
      Creates an API client and prints it with its secret (shown this once only).
  clients list
      Prints every API client (never a secret).
  clients revoke <client_id>
      Revokes a client: its credentials stop working within a second on every instance.
`;

function parseOrigins(origins: string[] = []): string[] {
  return origins.map((origin) => {
    const parsed = originSchema.safeParse(origin);
    if (!parsed.success) throw new UsageError(`--origin ${origin}: ${parsed.error.issues[0].message}`);
    return parsed.data;
  });
}

export const commands: Record<string, (context: CommandContext) => Promise<void>> = {
  async "clients create"({ options, print }) {
    const name = z.string().trim().min(1).max(100).safeParse(options.name);
    if (!name.success) throw new UsageError("clients create needs --name <name> (1–100 characters)");
    const { client, clientSecret } = await createClient({ name: name.data, allowedOrigins: parseOrigins(options.origin) });
    print({ ...toPublicClient(client), client_secret: clientSecret });
  },

  async "clients list"({ print }) {
    for (const client of await listClients()) print(toPublicClient(client));
  },

  async "clients revoke"({ args, print }) {
    const [clientId] = args;
    if (!clientId) throw new UsageError("clients revoke needs the client_id, e.g. clients revoke cli_…");
    const client = await revokeClient(clientId);
    if (!client) throw new UsageError(`No API client with client_id ${clientId}`);
    print(toPublicClient(client));
  },
};
