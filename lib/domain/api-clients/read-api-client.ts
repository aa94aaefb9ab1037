/** One API client, never its secret. */
import { db } from "@/lib/platform/db";
import { noSuchClient, toPublicClient, type ApiClientKey, type PublicClient } from "./api-client-record";

export async function readApiClient(key: ApiClientKey): Promise<PublicClient> {
  const client = await db().apiClient.findUnique({ where: key });
  if (!client) throw noSuchClient(key);
  return toPublicClient(client);
}
