/**
 * Page titles in words: the heading react-admin shows in its app bar, also set as the browser tab's
 * title ("New locale · Example Remit back office"), so that history and tabs read as the page does.
 * `PageTitle` takes the words; `RecordTitle` names the record shown (its recordRepresentation).
 */
import { useEffect } from "react";
import { useGetRecordRepresentation, useRecordContext, useResourceContext } from "react-admin";
import { useBrand } from "./brand";

export function PageTitle({ text }: { text: string }) {
  const { name } = useBrand();
  useEffect(() => {
    document.title = text ? `${text} · ${name}` : name;
    // A page without a title of its own does not keep the last one's.
    return () => {
      document.title = name;
    };
  }, [text, name]);
  return <span>{text}</span>;
}

/** "German (Germany)", or with a prefix "Edit country Poland"; nothing until the record is loaded. */
export function RecordTitle({ prefix }: { prefix?: string }) {
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(useResourceContext());
  if (!record) return null;
  const name = String(representation(record) ?? "");
  return <PageTitle text={prefix ? `${prefix} ${name}` : name} />;
}
