import { adminRoute } from "@/lib/http/with-staff";
import { readQuery } from "@/lib/http/input";
import { plainJson, streamDownload } from "@/lib/http/respond";
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

// GET /api/admin/audit-log/export?format=csv|jsonl&from=YYYY-MM-DD&to=YYYY-MM-DD (admins): the
// entries of those UTC days, both included, streamed as a file; the export is audited first. HEAD
// checks the parameters and exports nothing (so records nothing).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log-export", {
  GET: async ({ request, requestId, staff }) => {
    const input = readQuery(request, auditLogExportInput);
    if (request.method === "HEAD") return plainJson({});
    const rows = await exportAuditLog(input, { staffId: staff.id });
    const format = AUDIT_LOG_EXPORT_FORMATS[input.format];
    async function* lines() {
      if (format.header !== undefined) yield format.header;
      for await (const row of rows) yield format.line(row);
    }
    const filename = `audit-log-${input.from}-${input.to}.${input.format}`;
    return streamDownload(lines(), filename, MEDIA_TYPES[input.format], requestId);
  },
});
