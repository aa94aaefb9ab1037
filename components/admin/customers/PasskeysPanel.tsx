/**
 * The customer page's "Passkeys" panel: the customer's passkeys (GET /api/admin/customers/{id}/passkeys:
 * name, added, last used, backed up; never a key), each with a Remove button that asks the reason
 * the audit log keeps (POST …/passkeys/{pid}/remove). The customer is e-mailed.
 */
import { useEffect, useState } from "react";
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Button, useCanAccess, useDataProvider, useRecordContext } from "react-admin";
import type { PasskeyRecord } from "@/lib/domain/passkeys/passkey-record";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { ReasonDialog } from "../ReasonDialog";

export default function PasskeysPanel() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { canAccess } = useCanAccess({ resource: "customers", action: "edit" });
  const [passkeys, setPasskeys] = useState<PasskeyRecord[]>();
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState<PasskeyRecord | null>(null);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    // Another customer's page may open before this answer arrives: it is then dropped.
    let current = true;
    setPasskeys(undefined);
    setError(undefined);
    dataProvider.customerPasskeys(id).then(
      (rows) => current && setPasskeys(rows),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id]);

  return (
    <Box component="section" aria-labelledby="passkeys-title" sx={{ mt: 2 }}>
      <Typography id="passkeys-title" variant="h6">
        Passkeys
      </Typography>
      {error && <Alert severity="error">Could not load the passkeys: {error}</Alert>}
      {passkeys?.length === 0 && <p>This customer has no passkeys.</p>}
      {passkeys && passkeys.length > 0 && (
        <Table size="small" aria-labelledby="passkeys-title">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Added</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell>Backed up</TableCell>
              {canAccess && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {passkeys.map((passkey) => (
              <TableRow key={passkey.id}>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{passkey.name}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(passkey.created_at)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {passkey.last_used_at ? formatDateTime(passkey.last_used_at) : "Never"}
                </TableCell>
                <TableCell>{passkey.backed_up ? "Yes" : "No"}</TableCell>
                {canAccess && (
                  <TableCell>
                    <Button label="Remove" onClick={() => setRemoving(passkey)} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {removing && id !== undefined && (
        <ReasonDialog
          title="Remove passkey"
          explanation={`“${removing.name}” will no longer sign in to this account. The customer is e-mailed.`}
          send={async (reason) => {
            setPasskeys(await dataProvider.removeCustomerPasskey(id, removing.id, reason));
            return "Passkey removed";
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </Box>
  );
}
