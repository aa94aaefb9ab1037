/** Puts values into a catalogue's message: each `{name}` becomes the value of that name. */
import { Fragment, type ReactNode, createElement } from "react";

const PLACEHOLDER = /\{(\w+)\}/g;

/** The message as text; a name without a value stays as written, so a slip shows in the e-mail's test. */
export function fill(message: string, values: Record<string, string>): string {
  return message.replace(PLACEHOLDER, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The message as React children, for values that are elements (a link in a sentence). */
export function fillNodes(message: string, values: Record<string, ReactNode>): ReactNode[] {
  // split() with a capturing group alternates text and names: text, name, text, …
  return message
    .split(PLACEHOLDER)
    .map((part, index) =>
      createElement(Fragment, { key: index }, index % 2 === 0 ? part : (values[part] ?? `{${part}}`)),
    );
}
