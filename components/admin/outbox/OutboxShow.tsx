/**
 * One e-mail of the outbox: where it stands, and the e-mail as the customer will see it, in a
 * frame that runs nothing and navigates nowhere (`sandbox` with no permissions). Its single-use
 * links are hidden by the server (lib/domain/email/preview-outbox-email.ts); a delivered e-mail's body is
 * gone, by design, and one queued before links were sealed is not shown.
 */
import { Alert, Box, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import {
  Labeled,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from "react-admin";
import type { OutboxPreview } from "@/lib/domain/email/preview-outbox-email";
import { EMAIL_TEMPLATES } from "../choices";
import OutboxStatusField from "./OutboxStatusField";
import ResendButton from "./ResendButton";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";

export default function OutboxShow() {
  return (
    <Show
      title={<OutboxTitle />}
      actions={
        <TopToolbar>
          <ResendButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="to_address" label="To" />
        <TextField source="subject" />
        <SelectField source="template" label="E-mail" choices={EMAIL_TEMPLATES} />
        <Labeled label="Status">
          <OutboxStatusField />
        </Labeled>
        <NumberField source="attempts" label="Delivery attempts" />
        <DateTimeField source="created_at" label="Queued" />
        <DateTimeField source="sent_at" label="Sent" emptyText="—" />
        <TextField source="last_error" label="Last error" emptyText="—" />
        <TextField source="provider_id" label="Provider's message id" emptyText="—" />
        <Labeled label="The e-mail" fullWidth>
          <EmailPreview />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

function OutboxTitle() {
  const record = useRecordContext();
  return <PageTitle text={record ? `E-mail to ${record.to_address}` : "E-mail"} />;
}

function EmailPreview() {
  const record = useRecordContext<{ preview?: OutboxPreview; status?: string }>();
  const [view, setView] = useState<"html" | "text">("html");
  if (!record) return null;
  if (!record.preview && record.status !== "sent") {
    return (
      <Alert severity="info">
        Not shown: queued before this version, this e-mail holds its single-use link as it is, which only the customer
        may see.
      </Alert>
    );
  }
  if (!record.preview) {
    return (
      <Alert severity="info">
        The body was cleared once the e-mail was delivered: it carried a single-use link, which is kept nowhere.
      </Alert>
    );
  }
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 1 }}>
        Single-use links are hidden here: they only work for the customer.
      </Alert>
      <Tabs value={view} onChange={(_, next) => setView(next)} sx={{ mb: 1 }}>
        <Tab value="html" label="As sent (HTML)" />
        <Tab value="text" label="Plain text" disabled={!record.preview.text} />
      </Tabs>
      {view === "html" ? (
        <Box
          component="iframe"
          title="E-mail preview"
          sandbox=""
          srcDoc={record.preview.html}
          sx={{ width: "100%", maxWidth: 720, height: 560, border: 1, borderColor: "divider", bgcolor: "#fff" }}
        />
      ) : (
        <Box component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "monospace", maxWidth: 720 }}>
          {record.preview.text}
        </Box>
      )}
    </Box>
  );
}
