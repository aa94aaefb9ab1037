/** What the client screens show for values that are not a plain field: the origins, the status. */
import { formatDateTime } from "../DateTimeField";

type Origins = { allowed_origins?: string[] };
export const originsText = (record: Origins) =>
  record.allowed_origins?.length ? record.allowed_origins.join(", ") : "—";

export const status = (record: { active: boolean; revoked_at: string }) =>
  record.active ? "Active" : `Revoked ${formatDateTime(record.revoked_at)}`;
