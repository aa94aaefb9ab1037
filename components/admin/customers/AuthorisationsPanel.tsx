/**
 * The customer page's "Payment authorisations" panel (GET /api/admin/customers/{id}/authorisations):
 * each authorisation with its amount, payee (the IBAN masked), method, status, failed attempts and
 * time, newest first; and, while five failures in a row lock the customer's approvals, until when,
 * with a "Lift lock" button that asks the reason the audit log keeps (POST …/authorisations/lift-lock).
 */
import { useEffect, useState } from "react";
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Button, useCanAccess, useDataProvider, useRecordContext } from "react-admin";
import type { CustomerAuthorisations } from "@/lib/domain/payment-authorisations/list-payment-authorisations";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { ReasonDialog } from "../ReasonDialog";

export default function AuthorisationsPanel() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { canAccess } = useCanAccess({ resource: "customers", action: "edit" });
  const [listed, setListed] = useState<CustomerAuthorisations>();
  const [error, setError] = useState<string>();
  const [lifting, setLifting] = useState(false);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    // Another customer's page may open before this answer arrives: it is then dropped.
    let current = true;
    setListed(undefined);
    setError(undefined);
    dataProvider.customerAuthorisations(id).then(
      (answer) => current && setListed(answer),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id]);

  const rows = listed?.authorisations;
  return (
    <Box component="section" aria-labelledby="authorisations-title" sx={{ mt: 2 }}>
      <Typography id="authorisations-title" variant="h6">
        Payment authorisations
      </Typography>
      {error && <Alert severity="error">Could not load the payment authorisations: {error}</Alert>}
      {listed?.locked_until && (
        <Alert
          severity="warning"
          action={canAccess ? <Button label="Lift lock" onClick={() => setLifting(true)} /> : undefined}
        >
          Five approvals in a row failed: payment approvals are locked until {formatDateTime(listed.locked_until)}.
        </Alert>
      )}
      {rows?.length === 0 && <p>This customer has no payment authorisations.</p>}
      {rows && rows.length > 0 && (
        <Table size="small" aria-labelledby="authorisations-title">
          <TableHead>
            <TableRow>
              <TableCell>Created</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Payee</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Failures</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.created_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {row.amount} {row.currency}
                </TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>
                  {row.payee_name} ({row.payee_iban_masked})
                </TableCell>
                <TableCell>{row.method === "passkey" ? "Passkey" : row.method === "totp" ? "TOTP" : "—"}</TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell align="right">{row.failed_attempts}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {lifting && id !== undefined && (
        <ReasonDialog
          title="Lift the payment approval lock"
          explanation="The customer can approve payments again at once, with five attempts before the next lock."
          send={async (reason) => {
            setListed(await dataProvider.liftScaLock(id, reason));
            return "Lock lifted";
          }}
          onClose={() => setLifting(false)}
        />
      )}
    </Box>
  );
}
