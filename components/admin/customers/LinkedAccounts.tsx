/**
 * The customer page's "Linked accounts" panel: the other customers seen with one of this customer's
 * device fingerprints or IP addresses (GET /api/admin/customers/{id}/linked), each linking to its page,
 * a closed or blocked one marked (a closed account and a new one may share an address).
 */
import { useEffect, useState } from "react";
import { Alert, Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Link, useCreatePath, useDataProvider, useRecordContext } from "react-admin";
import type { LinkedCustomer } from "@/lib/domain/customer-compliance/linked-customers";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { CUSTOMER_STATUSES } from "../choices";

export default function LinkedAccounts() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const createPath = useCreatePath();
  const [linked, setLinked] = useState<LinkedCustomer[]>();
  const [error, setError] = useState<string>();
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    // Another customer's page may open before this answer arrives: it is then dropped.
    let current = true;
    setLinked(undefined);
    setError(undefined);
    dataProvider.linkedCustomers(id).then(
      (rows) => current && setLinked(rows),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, id]);

  return (
    <Box component="section" aria-labelledby="linked-accounts-title" sx={{ mt: 2 }}>
      <Typography id="linked-accounts-title" variant="h6">
        Linked accounts
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Other customers seen with one of this customer's device fingerprints or IP addresses, most recently seen first.
      </Typography>
      {error && <Alert severity="error">Could not load the linked accounts: {error}</Alert>}
      {linked?.length === 0 && <p>No other customer shares a device or an address with this one.</p>}
      {linked && linked.length > 0 && (
        <Table size="small" aria-labelledby="linked-accounts-title">
          <TableHead>
            <TableRow>
              <TableCell>E-mail</TableCell>
              <TableCell>Shared fingerprints</TableCell>
              <TableCell>Shared IP addresses</TableCell>
              <TableCell>Last seen</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {linked.map((customer) => (
              <TableRow key={customer.id}>
                <TableCell sx={{ overflowWrap: "anywhere" }}>
                  <Link to={createPath({ resource: "customers", id: customer.id, type: "show" })}>
                    {customer.email}
                  </Link>
                  <AccountStatus customer={customer} />
                  {customer.email === record?.email && (
                    <Chip label="Same address as this account" size="small" variant="outlined" sx={{ ml: 1 }} />
                  )}
                </TableCell>
                <TableCell>
                  {customer.shared_fingerprints.map((value) => (
                    <Chip key={value} label={value} size="small" sx={{ mr: 0.5 }} />
                  ))}
                </TableCell>
                <TableCell>
                  {customer.shared_ips.map((value) => (
                    <Chip key={value} label={value} size="small" sx={{ mr: 0.5 }} />
                  ))}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(customer.last_seen_at, { withSeconds: true })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** Nothing for an active account; "Closed <when>" or "Blocked" otherwise. */
function AccountStatus({ customer }: { customer: LinkedCustomer }) {
  if (customer.status === "active") return null;
  const label =
    customer.status === "closed"
      ? `Closed ${formatDateTime(customer.closed_at, { withSeconds: true })}`
      : (CUSTOMER_STATUSES.find((status) => status.id === customer.status)?.name ?? customer.status);
  return (
    <Chip
      label={label}
      size="small"
      color={customer.status === "closed" ? "default" : "warning"}
      variant="outlined"
      sx={{ ml: 1 }}
      data-testid="linked-status"
    />
  );
}
