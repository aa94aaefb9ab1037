/**
 * The customer page's profile and KYC review (issue 25): the profile the customer gave; the review's
 * state (status, risk rating, PEP and sanctions flags); the decisions with who made them, when and
 * why (a review the customer's close ended is by "The account's close"); the profile's changes with
 * their values before and after (both in ReviewHistory.tsx). For the roles that may decide
 * (lib/domain/access/permissions.ts), "Decide KYC" and "Rate risk" open a dialog that asks for the
 * reason the history and the audit log keep; verifying a customer whose e-mail address is unverified
 * warns first. A decision carries the profile's last change and the review's version the page
 * showed: if either moved meanwhile, it is refused and the page reloaded.
 */
import { useState } from "react";
import {
  Alert,
  Box,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Typography,
} from "@mui/material";
import { Button, HttpError, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { CustomerDetail } from "@/lib/domain/customer-compliance/read-customer";
import type { ReviewView } from "@/lib/domain/customer-compliance/kyc-review";
import type { AdminDataProvider } from "../dataProvider";
import {
  KYC_DECISION_STATUSES,
  KYC_STATUSES,
  labelOf,
  PROFILE_COUNTRY_FIELDS,
  PROFILE_FIELD_LABELS,
  RISK_RATINGS,
} from "../choices";
import type { ProfileField } from "@/lib/domain/customer-profiles/profile-fields";
import { useCountryNames } from "../countries/useCountryNames";
import { DecisionHistory, ProfileChanges } from "./ReviewHistory";
import { ChoiceSelect } from "../ChoiceSelect";
import { formatDateTime } from "../DateTimeField";
import { ReasonField } from "../ReasonField";

const yesNo = (value: boolean | null) => (value === null ? "—" : value ? "Yes" : "No");

/**
 * Opened from the list, the page first shows the list's record, which has no history: the page's
 * own read brings it a moment later.
 */
type ShownCustomer = Omit<CustomerDetail, "kyc_decisions" | "profile_changes"> &
  Partial<Pick<CustomerDetail, "kyc_decisions" | "profile_changes">>;

export default function KycPanel() {
  const record = useRecordContext<ShownCustomer>();
  const { canAccess } = useCanAccess({ resource: "customers", action: "edit" });
  const [asking, setAsking] = useState<"kyc" | "risk" | null>(null);
  const countries = useCountryNames();
  if (!record) return null;
  const mayDecide = canAccess && record.status !== "closed";
  return (
    <>
      <Box component="section" aria-labelledby="profile-title" sx={{ mt: 2 }}>
        <Typography id="profile-title" variant="h6">
          Profile
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {record.profile_updated_at
            ? `Last changed by the customer ${formatDateTime(record.profile_updated_at, { withSeconds: true })}.`
            : "The customer has not given a profile yet."}
        </Typography>
        <Box
          data-testid="customer-profile"
          sx={{ mt: 1, display: "grid", gap: 1, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}
        >
          {Object.entries(PROFILE_FIELD_LABELS).map(([field, label]) => {
            const value = record[field as ProfileField];
            return (
              <Box key={field}>
                <Typography variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {PROFILE_COUNTRY_FIELDS.includes(field as ProfileField) ? countries.label(value) : (value ?? "—")}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="kyc-title" sx={{ mt: 2 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography id="kyc-title" variant="h6">
            KYC review
          </Typography>
          {mayDecide && (
            <>
              <Button label="Decide KYC" variant="outlined" onClick={() => setAsking("kyc")} />
              <Button label="Rate risk" variant="outlined" onClick={() => setAsking("risk")} />
            </>
          )}
        </Box>
        <Box data-testid="kyc-state" sx={{ display: "flex", gap: 1, flexWrap: "wrap", my: 1 }}>
          <Chip label={`Status: ${labelOf(KYC_STATUSES, record.kyc_status)}`} />
          <Chip label={`Risk: ${labelOf(RISK_RATINGS, record.risk_rating)}`} />
          <Chip label={`PEP: ${yesNo(record.pep)}`} color={record.pep ? "warning" : "default"} />
          <Chip
            label={`Sanctions hit: ${yesNo(record.sanctions_hit)}`}
            color={record.sanctions_hit ? "error" : "default"}
          />
        </Box>
        {record.kyc_decisions && <DecisionHistory decisions={record.kyc_decisions} />}
        {record.profile_changes && <ProfileChanges changes={record.profile_changes} />}
      </Box>
      {asking === "kyc" && <KycDialog record={record} onClose={() => setAsking(null)} />}
      {asking === "risk" && <RiskDialog record={record} onClose={() => setAsking(null)} />}
    </>
  );
}

/** What a refused decision says: its fields' problems (dataProvider.ts keys them by field), else its message. */
function problemOf(error: unknown): string {
  const fieldProblems = error instanceof HttpError ? error.body?.errors : undefined;
  const messages = fieldProblems ? Object.values(fieldProblems).filter((value) => typeof value === "string") : [];
  return messages.length > 0 ? messages.join("; ") : (error as Error).message;
}

/** A decision's dialog: its fields, the reason, and the button that sends them. */
function DecisionDialog({
  title,
  explanation,
  send,
  onClose,
  children,
}: {
  title: string;
  explanation: string;
  send(reason: string): Promise<unknown>;
  onClose(): void;
  children: React.ReactNode;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    try {
      await send(reason);
      notify(`${title}: recorded`);
      onClose();
      refresh();
    } catch (error) {
      notify(problemOf(error), { type: "error" });
      if (error instanceof HttpError && error.status === 409) {
        // What it was decided on changed: the page shows it as it is now, to be read before deciding again.
        onClose();
        refresh();
        return;
      }
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="kyc-decision-title">
      <DialogTitle id="kyc-decision-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{explanation}</DialogContentText>
        {children}
        <ReasonField label="Reason (kept in the history and the audit log)" value={reason} onChange={setReason} />
      </DialogContent>
      <DialogActions>
        <Button label="Cancel" onClick={onClose} />
        <Button
          label="Record decision"
          variant="contained"
          onClick={confirm}
          disabled={sending || reason.trim() === ""}
        />
      </DialogActions>
    </Dialog>
  );
}

/** The profile and the review as the page shows them when a dialog opens: what its decision is taken on. */
const shownView = (record: ShownCustomer): ReviewView => ({
  profile_updated_at: record.profile_updated_at,
  review_version: record.review_version,
});

function KycDialog({ record, onClose }: { record: ShownCustomer; onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [status, setStatus] = useState("verified");
  const [shown] = useState(() => shownView(record));
  return (
    <DecisionDialog
      title="Decide KYC"
      explanation="Verifying needs a complete profile. The customer is e-mailed when the profile is verified or rejected; the reason stays internal."
      send={(reason) => dataProvider.decideKyc(record.id, { status, reason, ...shown })}
      onClose={onClose}
    >
      <ChoiceSelect
        label="Decision"
        value={status}
        onChange={setStatus}
        choices={KYC_DECISION_STATUSES}
        fullWidth
        margin="normal"
      />
      {status === "verified" && !record.verified && (
        <Alert severity="warning" data-testid="unverified-email-warning">
          The customer has not verified their e-mail address ({record.email}): the address on the profile is not known
          to be theirs.
        </Alert>
      )}
    </DecisionDialog>
  );
}

function RiskDialog({ record, onClose }: { record: ShownCustomer; onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [riskRating, setRiskRating] = useState<string>(record.risk_rating ?? "low");
  const [pep, setPep] = useState(record.pep);
  const [sanctionsHit, setSanctionsHit] = useState(record.sanctions_hit);
  const [shown] = useState(() => shownView(record));
  return (
    <DecisionDialog
      title="Rate risk"
      explanation="The rating and the flags replace the current ones; the customer is not told."
      send={(reason) =>
        dataProvider.rateRisk(record.id, {
          risk_rating: riskRating,
          pep,
          sanctions_hit: sanctionsHit,
          reason,
          ...shown,
        })
      }
      onClose={onClose}
    >
      <ChoiceSelect
        label="Risk rating"
        value={riskRating}
        onChange={setRiskRating}
        choices={RISK_RATINGS}
        fullWidth
        margin="normal"
      />
      <FormControlLabel
        control={<Checkbox checked={pep} onChange={(event) => setPep(event.target.checked)} />}
        label="Politically exposed person (PEP)"
      />
      <FormControlLabel
        control={<Checkbox checked={sanctionsHit} onChange={(event) => setSanctionsHit(event.target.checked)} />}
        label="Sanctions screening hit"
      />
    </DecisionDialog>
  );
}
