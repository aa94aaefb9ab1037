import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { streamDownload } from "@/lib/http/respond";
import {
  AUDIT_LOG_EXPORT_FORMATS,
  auditLogExportInput,
  exportAuditLog,
  type AuditLogExportFormat,
} from "@/lib/domain/audit/export-audit-log";

const MEDIA_TYPES: Record<AuditLogExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson",
};

// POST /api/admin/audit-log/export { format: csv|jsonl, from: YYYY-MM-DD, to: YYYY-MM-DD } (admins):
// the entries of those UTC days, both included, streamed as a file; the export is audited first. A
// write, so a link or a page of another origin cannot make an admin's browser export (GET and HEAD
// answer 405, recording nothing).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log-export", {
  POST: async ({ request, requestId, staff }) => {
    const input = await readInput(request, auditLogExportInput);
    const { rows, entries } = await exportAuditLog(input, { staffId: staff.id });
    const format = AUDIT_LOG_EXPORT_FORMATS[input.format];
    async function* lines() {
      if (format.header !== undefined) yield format.header;
      for await (const entry of entries) yield format.line(entry);
    }
    const filename = `audit-log-${input.from}-${input.to}.${input.format}`;
    return streamDownload(lines(), filename, MEDIA_TYPES[input.format], requestId, rows);
  },
});
