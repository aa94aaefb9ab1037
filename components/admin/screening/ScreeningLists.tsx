/**
 * Screening → Lists: each list's version in force (format, people listed, topics, when and by whom it
 * was imported), the upload of a list's next version, and the re-screens the lists' changes start.
 * With no list yet, it says how to import one: here, or on the command line.
 */
import { useState } from "react";
import { Box, Typography } from "@mui/material";
import { Datagrid, FunctionField, List, NumberField, SelectField, TextField, TopToolbar } from "react-admin";
import type { ImportedList } from "@/lib/domain/screening/import-screening-list";
import type { ScreeningListRecord } from "@/lib/domain/screening/list-screening-lists";
import { DateTimeField } from "../DateTimeField";
import { EmptyState } from "../EmptyState";
import { PageTitle } from "../PageTitle";
import { SCREENING_LIST_FORMATS, SCREENING_TOPICS, labelOf } from "../choices";
import { ImportListButton } from "./ImportListDialog";
import { RescreenRuns } from "./RescreenRuns";

const CLI = "npm run -s cli -- screening import <path> --format <format> [--list <name>]";

function NoLists({ onImported }: { onImported(result: ImportedList): void }) {
  return (
    <Box sx={{ textAlign: "center" }}>
      <EmptyState>No screening list yet: customers are screened against nothing.</EmptyState>
      <Typography sx={{ mt: 2 }}>
        Import the publishers' files (OFAC's SDN, the UN's consolidated list, OpenSanctions) with the button below, or
        on the command line beside the server:
      </Typography>
      <Typography component="pre" sx={{ fontFamily: "monospace", my: 2 }}>
        {CLI}
      </Typography>
      <ImportListButton onImported={onImported} />
    </Box>
  );
}

export default function ScreeningLists() {
  // The latest import: the re-screens are followed until its run has started.
  const [imported, setImported] = useState<ImportedList>();
  return (
    <>
      <List
        title={<PageTitle text="Screening lists" />}
        exporter={false}
        pagination={false}
        actions={
          <TopToolbar>
            <ImportListButton onImported={setImported} />
          </TopToolbar>
        }
        empty={<NoLists onImported={setImported} />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" sortable={false} />
          <SelectField source="format" choices={SCREENING_LIST_FORMATS} sortable={false} />
          <NumberField source="version" label="Version in force" sortable={false} />
          <NumberField source="entries" label="People listed" sortable={false} />
          <FunctionField<ScreeningListRecord>
            label="Topics"
            render={(list) => list.topics.map((topic) => labelOf(SCREENING_TOPICS, topic)).join(", ") || "—"}
          />
          <DateTimeField source="imported_at" label="Imported" sortable={false} />
          <TextField source="imported_by" label="By" sortable={false} emptyText="—" />
        </Datagrid>
      </List>
      <RescreenRuns imported={imported} />
    </>
  );
}
