/**
 * A URL that wraps only where a person would break it: after the scheme and after each "/", "?" or
 * "&" of its path and query, never inside the host name (an address broken mid-host reads as two).
 */
import { Fragment } from "react";

export function UrlText({ url }: { url: string }) {
  const [, scheme = "", host = url, rest = ""] = /^([a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)(.*)$/i.exec(url) ?? [];
  let offset = 0;
  // Each piece keyed by where it starts in the URL.
  const pieces = rest.split(/(?<=[/?&#])/).map((text) => {
    const start = offset;
    offset += text.length;
    return { start, text };
  });
  return (
    <span style={{ overflowWrap: "normal", wordBreak: "normal" }}>
      {scheme}
      <wbr />
      <span style={{ whiteSpace: "nowrap" }}>{host}</span>
      {pieces.map(({ start, text }) => (
        <Fragment key={start}>
          <wbr />
          {text}
        </Fragment>
      ))}
    </span>
  );
}
