/**
 * One webhook endpoint's deliveries, newest first, filtered by event and outcome: each with the
 * customer it is about, the request body every attempt sends, its attempts in a table of their own
 * (when, the outcome, the status code, how long, the first 1 KB of the answer), and Replay.
 */
import { Fragment, useCallback, useEffect, useState } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type Identifier, useCanAccess, useDataProvider, useNotify } from "react-admin";
import { WEBHOOK_EVENTS } from "@/lib/domain/webhooks/webhook-events";
import { labelOf, WEBHOOK_ATTEMPT_OUTCOMES, WEBHOOK_DELIVERY_STATUSES } from "../choices";
import type { AdminDataProvider, WebhookDelivery, WebhookEndpoint } from "../dataProvider";
import { ChoiceSelect } from "../ChoiceSelect";
import { formatDateTime } from "../DateTimeField";
import { UrlText } from "./UrlText";

/** The events an endpoint can subscribe to, named as they are sent. */
const EVENT_CHOICES = [...WEBHOOK_EVENTS.keys()].map((name) => ({ id: name, name }));

export function WebhookDeliveries({
  clientId,
  endpoint,
  onClose,
}: {
  clientId: Identifier;
  endpoint: WebhookEndpoint;
  onClose(): void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const { canAccess: canReplay } = useCanAccess({ resource: "clients", action: "edit" });
  const [event, setEvent] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState<{ rows: WebhookDelivery[]; total: number }>();

  const load = useCallback(async () => {
    const filter = { ...(event ? { event } : {}), ...(status ? { status } : {}) };
    setPage(await dataProvider.webhookDeliveries(clientId, endpoint.id, filter));
  }, [dataProvider, clientId, endpoint.id, event, status]);
  useEffect(() => {
    load().catch((error) => notify((error as Error).message, { type: "error" }));
  }, [load, notify]);

  const replay = async (delivery: WebhookDelivery) => {
    try {
      await dataProvider.replayWebhookDelivery(clientId, endpoint.id, delivery.id);
      notify("The delivery is sent again", { type: "info" });
      await load();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="deliveries-title">
      <DialogTitle id="deliveries-title">
        Deliveries to <UrlText url={endpoint.url} />
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ my: 1 }}>
          <ChoiceSelect
            label="Event"
            value={event}
            onChange={setEvent}
            choices={EVENT_CHOICES}
            allLabel="All events"
            sx={{ minWidth: 260 }}
          />
          <ChoiceSelect
            label="Outcome"
            value={status}
            onChange={setStatus}
            choices={WEBHOOK_DELIVERY_STATUSES}
            allLabel="All outcomes"
            sx={{ minWidth: 180 }}
          />
          <Button onClick={() => load()}>Refresh</Button>
        </Stack>
        {page && page.rows.length === 0 && <Typography sx={{ my: 2 }}>No deliveries.</Typography>}
        {page && page.rows.length > 0 && (
          <Table size="small" aria-label="Deliveries">
            <TableHead>
              <TableRow>
                <TableCell>Queued</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>webhook-id</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {page.rows.map((delivery) => (
                <Fragment key={delivery.id}>
                  <TableRow data-testid="delivery">
                    <TableCell>{formatDateTime(delivery.created_at, { withSeconds: true })}</TableCell>
                    <TableCell>{delivery.event}</TableCell>
                    <TableCell>
                      {labelOf(WEBHOOK_DELIVERY_STATUSES, delivery.status)}
                      {delivery.next_attempt_at &&
                        ` (next attempt ${formatDateTime(delivery.next_attempt_at, { withSeconds: true })})`}
                    </TableCell>
                    <TableCell sx={{ fontFamily: "monospace" }}>{delivery.id}</TableCell>
                    <TableCell>
                      {canReplay && (
                        <Button size="small" onClick={() => replay(delivery)}>
                          Replay
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={5} sx={{ pl: 4, bgcolor: "action.hover" }}>
                      <DeliveryDetail delivery={delivery} />
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
        {page && page.total > page.rows.length && (
          <Typography variant="body2">
            The newest {page.rows.length} of {page.total}.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A delivery opened up: the customer, the body as sent, and each attempt under its own headings. */
function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  const customerId = (delivery.data as { customer_id?: unknown } | null)?.customer_id;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Typography variant="body2" data-testid="delivery-customer">
        Customer {typeof customerId === "number" ? `#${customerId}` : "—"}
      </Typography>
      <Box>
        <Typography variant="caption" color="text.secondary">
          Request body
        </Typography>
        <Box
          component="pre"
          data-testid="delivery-body"
          sx={{ m: 0, maxHeight: 120, overflow: "auto", whiteSpace: "pre-wrap", fontSize: 12 }}
        >
          {JSON.stringify(JSON.parse(delivery.body), null, 2)}
        </Box>
      </Box>
      {delivery.attempts_made.length === 0 ? (
        <Typography variant="body2">Not attempted yet.</Typography>
      ) : (
        <Table size="small" aria-label={`Attempts of ${delivery.id}`}>
          <TableHead>
            <TableRow>
              <TableCell>Attempted</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Duration</TableCell>
              <TableCell>Answer (first 1 KB)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {delivery.attempts_made.map((attempt) => (
              <TableRow key={attempt.attempted_at} data-testid="attempt">
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(attempt.attempted_at, { withSeconds: true })}
                </TableCell>
                <TableCell>
                  {labelOf(WEBHOOK_ATTEMPT_OUTCOMES, attempt.outcome)}
                  {attempt.status_code !== null && ` ${attempt.status_code}`}
                </TableCell>
                <TableCell>{attempt.duration_ms} ms</TableCell>
                <TableCell>
                  <Box
                    component="pre"
                    sx={{ m: 0, maxHeight: 80, overflow: "auto", whiteSpace: "pre-wrap", fontSize: 12 }}
                  >
                    {attempt.response}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
