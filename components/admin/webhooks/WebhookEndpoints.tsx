/**
 * An API client's webhook endpoints, on its page: each with its URL, events and state (disabled by
 * hand, or by the dispatcher after 5 days of failures), its deliveries, and for admins Add, Edit,
 * Enable/Disable, Send test event, Rotate secret and Delete. A new or rotated secret is shown once.
 */
import { useCallback, useEffect, useState } from "react";
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { HttpError, useCanAccess, useDataProvider, useNotify, useRecordContext } from "react-admin";
import type { AdminDataProvider, WebhookEndpoint } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { SecretDialog } from "../SecretDialog";
import { ConfirmDialog } from "../ConfirmDialog";
import { UrlText } from "./UrlText";
import { EndpointDialog, type EndpointFields } from "./EndpointDialog";
import { WebhookDeliveries } from "./WebhookDeliveries";

/** The form's problems from a refused save, by field ("root" for the rest); rethrows anything else. */
function problemsOf(error: unknown): Record<string, string> {
  if (error instanceof HttpError) {
    const errors = (error.body?.errors ?? {}) as Record<string, unknown>;
    const root = (errors.root as { serverError?: string } | undefined)?.serverError;
    const fields = Object.fromEntries(
      Object.entries(errors)
        .filter(([key]) => key !== "root")
        .map(([key, value]) => [key, String(value)]),
    );
    return Object.keys(fields).length > 0 || root ? { ...fields, ...(root ? { root } : {}) } : { root: error.message };
  }
  throw error;
}

function state(endpoint: WebhookEndpoint) {
  if (endpoint.auto_disabled_at) {
    return <Chip color="error" size="small" label="Disabled: every delivery failed for 5 days" />;
  }
  if (!endpoint.enabled) return <Chip size="small" label="Disabled" />;
  if (endpoint.failing_since) return <Chip color="warning" size="small" label="Failing" />;
  return <Chip color="success" size="small" label="Enabled" />;
}

export default function WebhookEndpoints() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const { canAccess: canEdit } = useCanAccess({ resource: "clients", action: "edit" });
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>();
  const [privateTargetsAllowed, setPrivateTargetsAllowed] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | "new">();
  const [secret, setSecret] = useState<{ title: string; value: string }>();
  const [confirming, setConfirming] = useState<{ endpoint: WebhookEndpoint; action: "rotate" | "delete" }>();
  const [showing, setShowing] = useState<WebhookEndpoint>();
  const clientId = record?.id;

  const load = useCallback(async () => {
    if (clientId === undefined) return;
    const listed = await dataProvider.webhooks(clientId);
    setEndpoints(listed.endpoints);
    setPrivateTargetsAllowed(listed.privateTargetsAllowed);
  }, [dataProvider, clientId]);
  useEffect(() => {
    load().catch((error) => notify((error as Error).message, { type: "error" }));
  }, [load, notify]);
  if (clientId === undefined) return null;

  const act = async (what: () => Promise<unknown>, done?: string) => {
    try {
      await what();
      if (done) notify(done, { type: "info" });
      await load();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  const save = async (fields: EndpointFields) => {
    try {
      if (editing === "new") {
        const created = await dataProvider.createWebhook(clientId, fields);
        setSecret({ title: `Signing secret for ${created.url}`, value: created.secret });
      } else if (editing) {
        await dataProvider.updateWebhook(clientId, editing.id, fields);
      }
      setEditing(undefined);
      await load();
      return undefined;
    } catch (error) {
      return problemsOf(error);
    }
  };
  const confirm = async () => {
    if (!confirming) return;
    const { endpoint, action } = confirming;
    setConfirming(undefined);
    if (action === "delete") return act(() => dataProvider.deleteWebhook(clientId, endpoint.id), "Endpoint deleted");
    await act(async () => {
      const rotated = await dataProvider.rotateWebhookSecret(clientId, endpoint.id);
      setSecret({ title: `New signing secret for ${rotated.url}`, value: rotated.secret });
    });
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="webhooks-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
          <Typography variant="h6" id="webhooks-title">
            Webhooks
          </Typography>
          {canEdit && <Button onClick={() => setEditing("new")}>Add endpoint</Button>}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Signed account events sent to the app's backend (docs/webhooks.md).
        </Typography>
        {endpoints?.length === 0 && <Typography sx={{ mt: 2 }}>No endpoints.</Typography>}
        {endpoints && endpoints.length > 0 && (
          <Table size="small" aria-label="Webhook endpoints">
            <TableHead>
              <TableRow>
                <TableCell>URL</TableCell>
                <TableCell>Events</TableCell>
                <TableCell>State</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.map((endpoint) => (
                <TableRow key={endpoint.id} data-testid="webhook-endpoint">
                  <TableCell sx={{ fontFamily: "monospace" }}>
                    <UrlText url={endpoint.url} />
                  </TableCell>
                  <TableCell>{endpoint.events.join(", ")}</TableCell>
                  <TableCell>
                    {state(endpoint)}
                    {endpoint.previous_secret_until && (
                      <Typography variant="caption" sx={{ display: "block" }}>
                        Old secret signs too until {formatDateTime(endpoint.previous_secret_until)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                      <Button size="small" onClick={() => setShowing(endpoint)}>
                        Deliveries
                      </Button>
                      {canEdit && (
                        <>
                          <Button size="small" onClick={() => setEditing(endpoint)}>
                            Edit
                          </Button>
                          <Button
                            size="small"
                            onClick={() =>
                              act(() =>
                                dataProvider.updateWebhook(clientId, endpoint.id, { enabled: !endpoint.enabled }),
                              )
                            }
                          >
                            {endpoint.enabled ? "Disable" : "Enable"}
                          </Button>
                          <Button
                            size="small"
                            onClick={() =>
                              act(() => dataProvider.testWebhook(clientId, endpoint.id), "Test event queued")
                            }
                          >
                            Send test event
                          </Button>
                          <Button size="small" onClick={() => setConfirming({ endpoint, action: "rotate" })}>
                            Rotate secret
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setConfirming({ endpoint, action: "delete" })}
                          >
                            Delete
                          </Button>
                        </>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && (
        <EndpointDialog
          title={editing === "new" ? "New webhook endpoint" : "Edit webhook endpoint"}
          initial={editing === "new" ? undefined : editing}
          privateTargetsAllowed={privateTargetsAllowed}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      )}
      {secret && (
        <SecretDialog
          title={secret.title}
          label="Signing secret"
          secret={secret.value}
          onClose={() => setSecret(undefined)}
        />
      )}
      <ConfirmDialog
        isOpen={Boolean(confirming)}
        title={confirming?.action === "delete" ? "Delete this endpoint?" : "Rotate the signing secret?"}
        content={
          confirming?.action === "delete"
            ? "Nothing more is sent to it, and its deliveries are deleted."
            : "The current secret keeps signing beside the new one for 24 hours."
        }
        onConfirm={confirm}
        onClose={() => setConfirming(undefined)}
      />
      {showing && <WebhookDeliveries clientId={clientId} endpoint={showing} onClose={() => setShowing(undefined)} />}
    </Card>
  );
}
