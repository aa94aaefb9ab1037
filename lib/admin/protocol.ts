import { badRequest, notFound } from "@/lib/api/errors";
import { listPage } from "@/lib/api/respond";

/**
 * What the admin API reads from ra-data-simple-rest's requests: the list parameters
 * `sort=["field","ASC"]`, `range=[0,24]` (both ends included) and `filter={…}`, all JSON in the
 * query string, and record ids in the path.
 */
export type SortOrder = "asc" | "desc";

export type ListQuery = {
  /** The Prisma field to sort by (already checked against the resource's sortable fields). */
  sortField: string;
  order: SortOrder;
  skip: number;
  take: number;
  filter: Record<string, unknown>;
};

const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 25;

/**
 * `sortable` maps the fields the API shows (snake_case) to the Prisma fields behind them; a list
 * may be sorted by those only.
 */
export function readListQuery(
  request: Request,
  sortable: Record<string, string>,
  defaultSort: [field: string, order: SortOrder],
): ListQuery {
  const params = new URL(request.url).searchParams;
  const sort = jsonParam(params, "sort") ?? defaultSort;
  if (!Array.isArray(sort) || typeof sort[0] !== "string" || !(sort[0] in sortable)) {
    throw badRequest(`sort must be ["field","ASC" or "DESC"] with one of: ${Object.keys(sortable).join(", ")}`);
  }
  const order = String(sort[1] ?? "asc").toLowerCase();
  if (order !== "asc" && order !== "desc") throw badRequest('sort order must be "ASC" or "DESC"');

  const range = jsonParam(params, "range") ?? [0, DEFAULT_PAGE_SIZE - 1];
  const [start, end] = Array.isArray(range) ? range : [];
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
    throw badRequest("range must be [first, last] with 0 <= first <= last");
  }

  return {
    sortField: sortable[sort[0]],
    order,
    skip: start,
    take: Math.min(end - start + 1, MAX_PAGE_SIZE),
    filter: readFilter(request),
  };
}

/** findMany's order and page for `query`. Ties are broken by id, so pages neither overlap nor skip rows. */
export function pageOf(query: ListQuery, tieBreak: SortOrder = "asc") {
  return { orderBy: [{ [query.sortField]: query.order }, { id: tieBreak }], skip: query.skip, take: query.take };
}

/**
 * The GET handler of a list route: the list parameters from the request (sortable by the fields
 * of `sortable`), one page of `list`, and where it sits in the total.
 */
export function listHandler<Row>(
  resource: string,
  sortable: Record<string, string>,
  defaultSort: [field: string, order: SortOrder],
  list: (query: ListQuery) => Promise<{ rows: Row[]; total: number }>,
) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const query = readListQuery(request, sortable, defaultSort);
    const { rows, total } = await list(query);
    return listPage(resource, rows, query.skip, total);
  };
}

/** `filter={…}`: what a list (or the CSV export of one) is narrowed to. */
export function readFilter(request: Request): Record<string, unknown> {
  const filter = jsonParam(new URL(request.url).searchParams, "filter") ?? {};
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) throw badRequest("filter must be a JSON object");
  return filter as Record<string, unknown>;
}

function jsonParam(params: URLSearchParams, name: string): unknown {
  const raw = params.get(name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

/** The text of the free-text search box (`filter.q`), trimmed; undefined when empty. */
export function searchText(filter: Record<string, unknown>): string | undefined {
  return typeof filter.q === "string" && filter.q.trim() !== "" ? filter.q.trim() : undefined;
}

/** `filter.id`: react-admin's getMany asks for several records by id at once. */
export function idsFilter<T extends string | number>(filter: Record<string, unknown>, parse: (id: unknown) => T | undefined) {
  if (filter.id === undefined) return undefined;
  const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).map(parse).filter((id) => id !== undefined);
  return { in: ids as T[] };
}

/** A non-empty string from a filter or an id list; undefined otherwise. */
export const textFilter = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/**
 * A value of `values` (an enum Prisma generates) from a filter, read as `textFilter` reads it. Any
 * other text matches no row, as it did while the column was text (Prisma would refuse it).
 */
export function enumFilter<T extends string>(values: Readonly<Record<string, T>>, value: unknown): T | { in: T[] } | undefined {
  const text = textFilter(value);
  if (text === undefined) return undefined;
  return (Object.values(values) as string[]).includes(text) ? (text as T) : { in: [] };
}

/** "true"/"false" or a boolean from a filter input; undefined when absent. */
export function booleanFilter(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

export const numericId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The numeric id in a record's path; anything else names no record. */
export function recordId(value: string): number {
  const id = numericId(value);
  if (id === undefined) throw notFound();
  return id;
}
