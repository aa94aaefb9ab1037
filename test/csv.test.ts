/** Reading and writing CSV (lib/platform/csv/index.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { csvField, csvRow, parseCsv } from "@/lib/platform/csv";

test("CSV with quotes, commas, line breaks and CRLF; line numbers", () => {
  const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,row');
  assert.deepEqual(rows, [
    { line: 1, fields: ["a", "b"] },
    { line: 2, fields: ["x, y", 'say "hi"'] },
    { line: 3, fields: ["multi\nline", "z"] },
    { line: 6, fields: ["last", "row"] },
  ]);
  assert.equal(csvField('He said "no", twice'), '"He said ""no"", twice"');
  assert.equal(csvField("plain"), "plain");
});

test("a row for spreadsheets: formula cells inert, then quoted as needed", () => {
  const row = csvRow(["=1+1", "+44 20", "-2", "@SUM(A1)", "\t=x", "\r=x", "a,b", '="q"', "", "1-2"]);
  assert.equal(row, `'=1+1,'+44 20,'-2,'@SUM(A1),'\t=x,"'\r=x","a,b","'=""q""",,1-2`);
  assert.deepEqual(parseCsv(row)[0].fields, [
    "'=1+1",
    "'+44 20",
    "'-2",
    "'@SUM(A1)",
    "'\t=x",
    "'\r=x",
    "a,b",
    '\'="q"',
    "",
    "1-2",
  ]);
});
