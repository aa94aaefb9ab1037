/**
 * The audit log's hash chain, checked when the page opens (GET /api/admin/audit-log/chain) from the
 * last signed checkpoint: valid with its number of entries, the range of positions checked, its head
 * hash and when it was checked, or broken at the first problem (an entry that does not match, a
 * head behind the last checkpoint), and why. A button checks it again.
 */
import { useCallback, useEffect, useState } from "react";
import { Alert, Button } from "@mui/material";
import { useDataProvider } from "react-admin";
import type { AuditChainState } from "@/lib/domain/audit/verify-audit-chain";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";

export default function AuditChainStatus() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<AuditChainState>();
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  const check = useCallback(() => {
    setChecking(true);
    setError(undefined);
    dataProvider
      .auditChain()
      .then(setState, (failure: Error) => setError(failure.message))
      .finally(() => setChecking(false));
  }, [dataProvider]);
  useEffect(check, [check]);

  const again = (
    <Button color="inherit" size="small" onClick={check} disabled={checking}>
      Check again
    </Button>
  );
  if (error)
    return (
      <Alert severity="warning" action={again} sx={{ mt: 1 }} role="status" aria-label="Audit chain">
        Could not check the audit chain: {error}
      </Alert>
    );
  if (!state)
    return (
      <Alert severity="info" sx={{ mt: 1 }} role="status" aria-label="Audit chain">
        Checking the audit chain…
      </Alert>
    );
  const checkedAt = formatDateTime(state.checked_at, { withSeconds: true });
  const { from, to } = state.checked;
  const range =
    to === null
      ? "no entries to check"
      : `positions ${from} to ${to} checked ${state.checkpoint ? `from checkpoint #${state.checkpoint.id}` : "from the first entry"}`;
  const refused = state.refused_checkpoints.length;
  const refusedNote =
    refused > 0
      ? ` ${refused} ${refused === 1 ? "checkpoint" : "checkpoints"} refused (signature not valid): #${state.refused_checkpoints.map((checkpoint) => checkpoint.id).join(", #")}.`
      : "";
  return state.broken_at ? (
    <Alert severity="error" action={again} sx={{ mt: 1 }} role="status" aria-label="Audit chain">
      Audit chain broken at {state.broken_at.message}. Checked {checkedAt} ({range}).{refusedNote}
    </Alert>
  ) : (
    <Alert severity="success" action={again} sx={{ mt: 1 }} role="status" aria-label="Audit chain">
      Audit chain valid: {state.entries} {state.entries === 1 ? "entry" : "entries"}, checked {checkedAt} ({range}).
      {refusedNote} Head hash <code style={{ overflowWrap: "anywhere" }}>{state.head ?? "none yet"}</code>
    </Alert>
  );
}
