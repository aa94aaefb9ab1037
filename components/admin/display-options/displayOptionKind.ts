/**
 * Locales and timezones have the same shape (id, label, enabled, position) and the same screens;
 * the public API serves the enabled rows, ordered by position. What differs is what the id is
 * called (and what one entry is called, for titles), which each resource declares in its `options`, beside its menu label, for the screens
 * here to read.
 */
import { useResourceDefinition } from "react-admin";

export type DisplayOptionKind = {
  label: string;
  /** One entry, in a sentence: "locale", "time zone". */
  singular: string;
  idLabel: string;
  idHelp: string;
  /** Whether the list shows each entry's current UTC offset (its id is an IANA zone). */
  showsOffset?: boolean;
};

export function useDisplayOptionKind(): DisplayOptionKind {
  const { name, options } = useResourceDefinition<DisplayOptionKind>();
  if (!options) throw new Error(`The ${name} resource declares no display-option options`);
  return options;
}
