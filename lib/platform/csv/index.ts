/** CSV, read and written: RFC 4180 fields, and cells a spreadsheet will not run as formulas. */

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. Returns rows with their line numbers. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field === "") {
      quoted = true;
    } else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += char;
    }
  }
  if (field !== "" || fields.length > 0) endRow();
  return rows;
}

/** One CSV field, quoted when it needs to be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

// A cell starting with = + - @ (or a tab or carriage return before one) is a formula to Excel and
// its kin; e-mail addresses, names, address lines and user agents may start so (and every E.164
// phone number starts with +). Such a cell is written with a leading apostrophe.
const inertInSpreadsheets = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One row of a CSV file for people to open in a spreadsheet: each cell inert and quoted as needed, no line end. */
export function csvRow(cells: string[]): string {
  return cells.map((cell) => csvField(inertInSpreadsheets(cell))).join(",");
}
