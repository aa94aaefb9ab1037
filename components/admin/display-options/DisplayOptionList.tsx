/**
 * A display option's list, by position: a row opens its edit page (where it can also be deleted),
 * and the selected rows are enabled or disabled at once (one audited update per row, as from the
 * edit page). Time zones also show each zone's UTC offset now as the server computes it, the one
 * the apps get (not the browser's, whose tz data may be older or newer).
 */
import {
  BooleanField,
  BulkUpdateButton,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  TextField,
  useListContext,
} from "react-admin";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import BlockIcon from "@mui/icons-material/Block";
import type { DisplayOptionRecord } from "@/lib/domain/reference-data/display-option-record";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { useDisplayOptionKind } from "./displayOptionKind";

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="enabled" source="enabled" />];

function BulkSwitch() {
  const { label, singular } = useDisplayOptionKind();
  const { selectedIds } = useListContext();
  const entries = `${selectedIds.length} ${selectedIds.length === 1 ? singular : label.toLowerCase()}`;
  const shared = { mutationMode: "pessimistic", confirmContent: "Each is saved, and audited, on its own." } as const;
  return (
    <>
      <BulkUpdateButton
        {...shared}
        label="Enable"
        data={{ enabled: true }}
        icon={<CheckCircleIcon />}
        confirmTitle={`Enable ${entries}?`}
      />
      <BulkUpdateButton
        {...shared}
        label="Disable"
        data={{ enabled: false }}
        icon={<BlockIcon />}
        confirmTitle={`Disable ${entries}?`}
      />
    </>
  );
}

export default function DisplayOptionList() {
  const { label, idLabel, showsOffset } = useDisplayOptionKind();
  return (
    <List
      title={<PageTitle text={label} />}
      exporter={false}
      filters={filters}
      sort={{ field: "position", order: "ASC" }}
      perPage={50}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<BulkSwitch />}>
        <NumberField source="position" />
        <TextField source="id" label={idLabel} />
        {showsOffset && (
          <FunctionField
            label="UTC offset now"
            sortable={false}
            render={(record: DisplayOptionRecord) => `UTC${record.offset}`}
          />
        )}
        <TextField source="label" />
        <BooleanField source="enabled" />
        <DateTimeField source="updated_at" label="Updated" />
        <EditButton />
      </Datagrid>
    </List>
  );
}
