/**
 * One possible match: the customer and the listed person side by side, and, while it is open, the
 * two decisions (True match, False positive), each asking the reason the audit log keeps.
 */
import { useState } from "react";
import { Box, Card, CardContent, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { Button, Show, useDataProvider, useRecordContext } from "react-admin";
import type { ScreeningMatchRecord } from "@/lib/domain/screening/screening-match-record";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { ReasonDialog } from "../ReasonDialog";
import { SCREENING_MATCH_STATUSES } from "../choices";

const DECISIONS = {
  true_match: {
    label: "True match",
    explanation:
      "The customer is the listed person. Against a sanctions list the account is blocked at once (every session ends) and flagged; against a PEP list the customer is flagged PEP and rated high risk. The customer is told nothing.",
  },
  false_positive: {
    label: "False positive",
    explanation:
      "The customer is not the listed person. The match is not raised again unless the customer's identity or the listed entry changes.",
  },
} as const;
type Decision = keyof typeof DECISIONS;

const list = (values: string[]) => (values.length > 0 ? values.join(", ") : "—");

function Side({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 280 }}>
      <CardContent>
        <Typography variant="h6">{title}</Typography>
        <Table size="small" aria-label={title}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: "40%" }}>
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function MatchDetail() {
  const match = useRecordContext<ScreeningMatchRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  if (!match) return null;
  const status = SCREENING_MATCH_STATUSES.find((choice) => choice.id === match.status)?.name ?? match.status;
  return (
    <Box sx={{ p: 2 }}>
      <Typography>
        Score {match.score.toFixed(2)} · {status}
        {match.decided_at && ` by ${match.decided_by ?? "a former member"} on ${formatDateTime(match.decided_at)}`}
      </Typography>
      {match.reason && <Typography sx={{ whiteSpace: "pre-wrap" }}>Reason: {match.reason}</Typography>}
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", mt: 2 }}>
        <Side
          title="Customer"
          rows={[
            ["Name as screened", match.customer_name],
            ["Name now", [match.customer.given_names, match.customer.family_name].filter(Boolean).join(" ") || "—"],
            ["Date of birth", match.customer.date_of_birth ?? "—"],
            ["Nationality", match.customer.nationality ?? "—"],
            ["E-mail", match.customer.email],
          ]}
        />
        <Side
          title="Listed person"
          rows={[
            ["Name", match.entry.name],
            ["Matched name", match.matched_name],
            ["Aliases", list(match.entry.aliases)],
            ["Dates of birth", list(match.entry.birth_dates)],
            ["Nationalities", list(match.entry.nationalities)],
            ["Topics", list(match.entry.topics)],
            ["Programmes", list(match.entry.programs)],
            [
              "List",
              `${match.list}, version ${match.list_version}${match.entry.removed ? " (since removed from the list)" : ""}`,
            ],
          ]}
        />
      </Box>
      {match.status === "open" && (
        <Box sx={{ display: "flex", gap: 1, mt: 2 }}>
          {(Object.keys(DECISIONS) as Decision[]).map((decision) => (
            <Button
              key={decision}
              variant="outlined"
              label={DECISIONS[decision].label}
              onClick={() => setDeciding(decision)}
            />
          ))}
        </Box>
      )}
      {deciding && (
        <ReasonDialog
          title={DECISIONS[deciding].label}
          explanation={DECISIONS[deciding].explanation}
          send={async (reason) => {
            await dataProvider.decideScreeningMatch(match.id, deciding, reason);
            return `${DECISIONS[deciding].label}: recorded`;
          }}
          onClose={() => setDeciding(null)}
        />
      )}
    </Box>
  );
}

export default function MatchShow() {
  return (
    <Show title={<PageTitle text="Screening match" />}>
      <MatchDetail />
    </Show>
  );
}
