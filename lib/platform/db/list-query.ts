/**
 * A page of a list as domain code reads it (sort, range, filter), and the Prisma `where` and
 * `orderBy` pieces the admin lists build from it. lib/http/list-protocol.ts reads it off the
 * request.
 */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { estimatedRows, type EstimatedTable } from "./estimate-rows";

export type SortOrder = "asc" | "desc";

export type ListQuery = {
  /** The Prisma field to sort by (already checked against the resource's sortable fields). */
  sortField: string;
  order: SortOrder;
  skip: number;
  take: number;
  filter: Record<string, unknown>;
};

/**
 * The rows a list pages through: a page starts within the first LIST_WINDOW of its order (deeper
 * offsets read every row before them: sort the other way, or narrow the filter), and a count stops
 * one past it (docs/performance.md, "Lists at a million customers").
 */
export const LIST_WINDOW = 10_000;

/**
 * A list's total: the exact count up to LIST_WINDOW; beyond it, `about` the planner's estimate
 * of an unfiltered table, or `more_than` LIST_WINDOW (a filtered list, or a table never analyzed).
 */
export type ListTotal = number | { estimated: "about" | "more_than"; rows: number };

/**
 * The total of a list: `count` asked for LIST_WINDOW + 1 rows at most, and past that the estimate
 * of `table` when the list is the whole table (undefined otherwise). Prisma's count with `take`
 * counts a sub-select with that LIMIT, ordered by the primary key unless the count names an order;
 * so each list's count names the order its filters' indexes continue with (the id after the
 * column for customers, the time for the audit log): walking the id index and discarding what the
 * filter did not keep took 2.2 s for a customer's 34 audit entries among 5 million.
 */
export async function boundedTotal(
  count: (bound: { take: number }) => Promise<number>,
  table: EstimatedTable | undefined,
): Promise<ListTotal> {
  const counted = await count({ take: LIST_WINDOW + 1 });
  if (counted <= LIST_WINDOW) return counted;
  const about = table === undefined ? undefined : await estimatedRows(table);
  return about !== undefined && about > LIST_WINDOW
    ? { estimated: "about", rows: about }
    : { estimated: "more_than", rows: LIST_WINDOW };
}

/** Whether a list's `filter` narrows it at all (an empty value narrows nothing). */
export const narrows = (filter: Record<string, unknown>) =>
  Object.values(filter).some((value) => value !== undefined && value !== null && value !== "");

/**
 * findMany's order and page for `query`. Ties are broken by id in the order's own direction, so
 * pages neither overlap nor skip rows, and an index on (column, id) reads either way without a sort.
 * Without a query, every row by id (the command line's lists).
 */
export function pageOf(query: ListQuery): { orderBy: Record<string, SortOrder>[]; skip: number; take: number };
export function pageOf(query?: ListQuery): { orderBy: Record<string, SortOrder>[]; skip?: number; take?: number };
export function pageOf(query?: ListQuery) {
  if (!query) return { orderBy: [{ id: "asc" as SortOrder }] };
  return { orderBy: [{ [query.sortField]: query.order }, { id: query.order }], skip: query.skip, take: query.take };
}

/** The longest search: an e-mail address's most (254 characters, lib/platform/validation/fields.ts), which is what lists search. */
const MAX_SEARCH_LENGTH = 254;

/** The text of the free-text search box (`filter.q`), trimmed; undefined when empty; a 400 when not text or too long. */
export function searchText(filter: Record<string, unknown>): string | undefined {
  return boundedTextFilter(filter.q, "q", MAX_SEARCH_LENGTH);
}

/**
 * `text` for Prisma's `contains` (a LIKE '%…%'), which passes LIKE's wildcards on as they are: each
 * of `%`, `_` and the escape `\` stands for itself, so a search for "_" finds an underscore, not every row.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `filter.id`: react-admin's getMany asks for several records by id at once. */
export function idsFilter<T extends string | number>(
  filter: Record<string, unknown>,
  parse: (id: unknown) => T | undefined,
) {
  if (filter.id === undefined) return undefined;
  const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).map(parse).filter((id) => id !== undefined);
  return { in: ids as T[] };
}

/** A non-empty string from a filter or an id list; undefined otherwise. */
export const textFilter = (value: unknown): string | undefined =>
  typeof value === "string" && value ? value : undefined;

/**
 * Free text from a filter, trimmed, of at most `max` characters; undefined when absent or blank.
 * Anything else (not text, or longer than any stored value could be) is a 400 naming the filter.
 */
export function boundedTextFilter(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || value.length > max) {
    throw invalidRequest(`${name} must be text of at most ${max} characters`);
  }
  return value.trim() === "" ? undefined : value.trim();
}

/**
 * A value of `values` (an enum Prisma generates) from a filter, read as `textFilter` reads it. Any
 * other text matches no row, as it did while the column was text (Prisma would refuse it).
 */
export function enumFilter<T extends string>(
  values: Readonly<Record<string, T>>,
  value: unknown,
): T | { in: T[] } | undefined {
  const text = textFilter(value);
  if (text === undefined) return undefined;
  return (Object.values(values) as string[]).includes(text) ? (text as T) : { in: [] };
}

/**
 * A value of `values` (an enum Prisma generates) from filter `name`; undefined when absent or empty.
 * Anything else (text outside the set, however long, or not text) is a 400 naming the filter and
 * the values it takes, for a column of that enum, where Prisma would refuse it.
 */
export function closedSetFilter<T extends string>(
  values: Readonly<Record<string, T>>,
  value: unknown,
  name: string,
): T | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const allowed = Object.values(values) as string[];
  if (typeof value === "string" && allowed.includes(value)) return value as T;
  throw invalidRequest(`${name} must be one of: ${allowed.join(", ")}`);
}

/** A yes-or-no filter `name` (true/false, as booleans or text); absent or empty is undefined, anything else a 400. */
export function flagFilter(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const flag = booleanFilter(value);
  if (flag === undefined) throw invalidRequest(`${name} must be true or false`);
  return flag;
}

/** "true"/"false" or a boolean from a filter input; undefined when absent. */
export function booleanFilter(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

/** The largest value of PostgreSQL's `integer`: every numeric id. */
export const MAX_INTEGER = 2_147_483_647;

export const numericId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= MAX_INTEGER ? id : undefined;
};
