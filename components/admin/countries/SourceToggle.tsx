/** The list's in-place switch for "source country", saved at once; off for those who may not edit. */
import { Switch } from "@mui/material";
import { useCanAccess, useNotify, useRecordContext, useUpdate } from "react-admin";

// `label` is read by the Datagrid for the column header.
export default function SourceToggle(_props: { label?: string }) {
  const record = useRecordContext();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: "countries", action: "edit" });
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const toggle = () =>
    update(
      "countries",
      { id: record.id, data: { is_source: !record.is_source }, previousData: record },
      {
        mutationMode: "pessimistic",
        onSuccess: (saved) =>
          notify(`${saved.known_name} ${saved.is_source ? "is now" : "is no longer"} a source country`),
        onError: (error) => notify((error as Error).message, { type: "error" }),
      },
    );
  return (
    <Switch
      checked={!!record.is_source}
      disabled={!canAccess || isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={toggle}
      slotProps={{ input: { "aria-label": `${record.known_name} is a source country` } }}
    />
  );
}
