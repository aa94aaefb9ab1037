/**
 * The Lists page's **Upload a list** (compliance and admins): the format, the list's name (empty for
 * the format's own), the publisher's file or files (OFAC's SDN.CSV and ALT.CSV, ADD.CSV if there),
 * then the import's answer, what the new version added, changed and removed, or its refusal with the
 * place at fault. The dialog cannot be closed or sent twice while the upload runs.
 */
import { useId, useState } from "react";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  AlertTitle,
  Button as DialogButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { Button, useCanAccess, useDataProvider, useRefresh } from "react-admin";
import type { ScreeningListFormat } from "@/lib/generated/prisma/enums";
import type { ImportedList } from "@/lib/domain/screening/import-screening-list";
import { DEFAULT_LIST_NAMES, formatOf } from "@/lib/domain/screening/screening-list-formats";
import type { AdminDataProvider } from "../dataProvider";
import { ChoiceSelect } from "../ChoiceSelect";
import { SCREENING_LIST_FORMATS } from "../choices";
import { refusalWords, uploadBody } from "./listUpload";

/** What to pick for each format, as its publisher ships it. */
const FILES_WANTED = {
  ofac_sdn_csv: "SDN.CSV and ALT.CSV, with ADD.CSV if you have it: pick them together.",
  un_xml: "The consolidated list's XML file.",
  opensanctions_ftm: "The entities file, one JSON object a line (entities.ftm.json).",
} satisfies Record<ScreeningListFormat, string>;

const count = (value: number) => value.toLocaleString("en-GB");

/** "ofac-sdn is now at version 2: 1 added, 1 changed, 1 removed (29 people listed)." */
export const importedWords = (result: ImportedList) =>
  `${result.list} is now at version ${result.version}: ${count(result.added)} added, ${count(result.changed)} changed, ${count(result.removed)} removed (${count(result.entries)} people listed).`;

/** The button, for those who may import; `onImported` hears each new version. */
export function ImportListButton({ onImported }: { onImported(result: ImportedList): void }) {
  const { canAccess } = useCanAccess({ resource: "screening/lists", action: "create" });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="Upload a list" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && <ImportListDialog onImported={onImported} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportListDialog({ onImported, onClose }: { onImported(result: ImportedList): void; onClose(): void }) {
  const titleId = useId();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const [format, setFormat] = useState(SCREENING_LIST_FORMATS[0].id);
  const [list, setList] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ImportedList>();
  const [refusal, setRefusal] = useState<string>();
  const ofac = formatOf(format) === "ofac_sdn_csv";

  const upload = async () => {
    setUploading(true);
    setResult(undefined);
    setRefusal(undefined);
    try {
      const imported = await dataProvider.importScreeningList(await uploadBody(format, list.trim(), files));
      setResult(imported);
      onImported(imported);
      refresh();
    } catch (error) {
      setRefusal(refusalWords(error));
    } finally {
      setUploading(false);
    }
  };
  const close = () => {
    if (!uploading) onClose();
  };
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Upload a list</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ChoiceSelect
            label="Format"
            value={format}
            onChange={(value) => {
              setFormat(value);
              setFiles([]);
            }}
            choices={SCREENING_LIST_FORMATS}
            fullWidth
          />
          <TextField
            label="List name"
            value={list}
            onChange={(event) => setList(event.target.value)}
            placeholder={DEFAULT_LIST_NAMES[formatOf(format)]}
            helperText={`Leave empty for "${DEFAULT_LIST_NAMES[formatOf(format)]}". The same name imports the list's next version.`}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 64 }, inputLabel: { shrink: true } }}
          />
          <div>
            <DialogButton component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={uploading}>
              {ofac ? "Choose the files" : "Choose the file"}
              <input
                // A new format empties the choice: the input starts afresh too.
                key={format}
                type="file"
                hidden
                multiple={ofac}
                aria-label={ofac ? "Files" : "File"}
                onChange={(event) => setFiles([...(event.target.files ?? [])])}
              />
            </DialogButton>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {files.length > 0
                ? `Chosen: ${files.map((file) => `${file.name} (${count(Math.ceil(file.size / 1024))} KB)`).join(", ")}`
                : FILES_WANTED[formatOf(format)]}
            </Typography>
          </div>
          {uploading && (
            <div>
              <LinearProgress aria-label="Upload progress" />
              <Typography variant="body2" role="status" sx={{ mt: 1 }}>
                Uploading and checking the list… A large list takes a minute or two; the version in force stays until
                the new one is complete.
              </Typography>
            </div>
          )}
          {result && (
            <Alert severity="success" role="status">
              <AlertTitle>Imported</AlertTitle>
              {importedWords(result)} Every customer is being screened against it again: the progress is on this page.
            </Alert>
          )}
          {refusal && (
            <Alert severity="error">
              <AlertTitle>Not imported</AlertTitle>
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <DialogButton onClick={close} disabled={uploading}>
          {result ? "Close" : "Cancel"}
        </DialogButton>
        <DialogButton variant="contained" onClick={upload} disabled={uploading || files.length === 0}>
          Upload
        </DialogButton>
      </DialogActions>
    </Dialog>
  );
}
