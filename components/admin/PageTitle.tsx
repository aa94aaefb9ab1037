/**
 * Page titles in words: the heading react-admin shows in its app bar, also set as the browser tab's
 * title ("New locale · Remit back office"), so that history and tabs read as the page does.
 * `PageTitle` takes the words; `RecordTitle` names the record shown (its recordRepresentation).
 */
import { useEffect } from "react";
import { useGetRecordRepresentation, useRecordContext, useResourceContext } from "react-admin";

const APP_NAME = "Remit back office";

export function PageTitle({ text }: { text: string }) {
  useEffect(() => {
    document.title = text ? `${text} · ${APP_NAME}` : APP_NAME;
    // A page without a title of its own does not keep the last one's.
    return () => {
      document.title = APP_NAME;
    };
  }, [text]);
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
