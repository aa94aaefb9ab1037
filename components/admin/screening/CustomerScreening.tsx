/**
 * The customer page's "Screening" panel, for compliance and admins only (the role that may not read
 * matches sees nothing): the customer's possible matches, each linking to the queue's page.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Link, useCanAccess, useCreatePath, useGetList, useRecordContext } from "react-admin";
import type { ScreeningMatchRecord } from "@/lib/domain/screening/screening-match-record";
import { formatDateTime } from "../DateTimeField";
import { SCREENING_MATCH_STATUSES } from "../choices";

const RESOURCE = "screening/matches";

export default function CustomerScreening() {
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "list" });
  return canAccess ? <Matches /> : null;
}

function Matches() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const { data, error } = useGetList<ScreeningMatchRecord>(
    RESOURCE,
    {
      filter: { customer_id: record?.id },
      sort: { field: "created_at", order: "DESC" },
      pagination: { page: 1, perPage: 50 },
    },
    { enabled: record?.id !== undefined },
  );
  return (
    <Box component="section" aria-labelledby="screening-title" sx={{ mt: 2 }}>
      <Typography id="screening-title" variant="h6">
        Screening
      </Typography>
      {error && <p>Could not load the screening matches: {(error as Error).message}</p>}
      {data?.length === 0 && <p>No possible matches.</p>}
      {data && data.length > 0 && (
        <Table size="small" aria-labelledby="screening-title">
          <TableHead>
            <TableRow>
              <TableCell>Found</TableCell>
              <TableCell>Listed as</TableCell>
              <TableCell>List</TableCell>
              <TableCell>Score</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((match) => (
              <TableRow key={match.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(match.created_at)}</TableCell>
                <TableCell>
                  <Link to={createPath({ resource: RESOURCE, id: match.id, type: "show" })}>{match.matched_name}</Link>
                </TableCell>
                <TableCell>{match.list}</TableCell>
                <TableCell>{match.score.toFixed(2)}</TableCell>
                <TableCell>{SCREENING_MATCH_STATUSES.find((choice) => choice.id === match.status)?.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
