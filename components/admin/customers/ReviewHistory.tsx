/**
 * The KYC review's history on the customer's page: the decisions (who, when, what, why) and the
 * customer's changes to the profile with each field's value before and after, under the profile's
 * own labels; "never changed" when the customer has not changed it.
 */
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { CustomerDetail, KycDecisionRecord } from "@/lib/domain/customer-compliance/read-customer";
import { KYC_STATUSES, labelOf, RISK_RATINGS } from "../choices";
import { formatDateTime } from "../DateTimeField";
import { fieldLabel, shownValue } from "../audit-log/auditWords";

const yesNo = (value: boolean | null) => (value === null ? "—" : value ? "Yes" : "No");

/** What a decision decided, in words: a status, or a rating with its flags. */
function decided(decision: KycDecisionRecord): string {
  if (decision.kind === "status") return labelOf(KYC_STATUSES, decision.kyc_status);
  return `${labelOf(RISK_RATINGS, decision.risk_rating)} risk · PEP ${yesNo(decision.pep)} · Sanctions hit ${yesNo(decision.sanctions_hit)}`;
}

export function DecisionHistory({ decisions }: { decisions: KycDecisionRecord[] }) {
  if (decisions.length === 0) return <p>No decision recorded yet.</p>;
  return (
    <Table size="small" aria-label="KYC decisions (newest first)">
      <TableHead>
        <TableRow>
          <TableCell>Time</TableCell>
          <TableCell>Decision</TableCell>
          <TableCell>By</TableCell>
          <TableCell>Reason</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {decisions.map((decision) => (
          <TableRow key={decision.id}>
            <TableCell>{formatDateTime(decision.created_at, { withSeconds: true })}</TableCell>
            <TableCell>{decided(decision)}</TableCell>
            <TableCell>
              {decision.kyc_status === "closed_unreviewed" ? "The account's close" : (decision.staff_name ?? "—")}
            </TableCell>
            <TableCell sx={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>{decision.reason}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type Values = Record<string, unknown>;
const valuesOf = (json: unknown): Values =>
  typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Values) : {};

/** The compliance view of the profile's changes: each changed field's value before and after. */
export function ProfileChanges({ changes }: { changes: CustomerDetail["profile_changes"] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" id="profile-changes-title">
        Profile changes (newest first)
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2" data-testid="profile-never-changed">
          Never changed: the customer has not given or changed a profile field.
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="profile-changes-title">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Field</TableCell>
              <TableCell>Before</TableCell>
              <TableCell>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.flatMap((change) => {
              const before = valuesOf(change.before);
              const after = valuesOf(change.after);
              return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((field, index) => (
                <TableRow key={`${change.id}-${field}`}>
                  <TableCell>
                    {index === 0 && formatDateTime(change.created_at, { withSeconds: true })}
                    {index === 0 && change.kyc_reset && <Chip size="small" label="Back to review" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{fieldLabel(field)}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{shownValue(before[field])}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{shownValue(after[field])}</TableCell>
                </TableRow>
              ));
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
