/**
 * What the admin API reads from ra-data-simple-rest's requests: the list parameters
 * `sort=["field","ASC"]`, `range=[0,24]` (both ends included) and `filter={…}`, all JSON in the
 * query string, and record ids in the path.
 */
import { invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import { LIST_WINDOW, numericId, type ListQuery, type ListTotal, type SortOrder } from "@/lib/platform/db/list-query";
import { isStorableText } from "@/lib/platform/validation/fields";
import { listPage } from "./respond";

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
  // Own fields only: `in` would also find "constructor", "__proto__", "toString"… on the prototype.
  if (!Array.isArray(sort) || typeof sort[0] !== "string" || !Object.hasOwn(sortable, sort[0])) {
    throw invalidRequest(`sort must be ["field","ASC" or "DESC"] with one of: ${Object.keys(sortable).join(", ")}`);
  }
  const order = String(sort[1] ?? "asc").toLowerCase();
  if (order !== "asc" && order !== "desc") throw invalidRequest('sort order must be "ASC" or "DESC"');

  const range = jsonParam(params, "range") ?? [0, DEFAULT_PAGE_SIZE - 1];
  const [start, end] = Array.isArray(range) ? range : [];
  // A page starts within the rows a list pages through (LIST_WINDOW), and ends there too.
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || start >= LIST_WINDOW) {
    throw invalidRequest(
      `range must be [first, last] with 0 <= first <= last and first < ${LIST_WINDOW}: past the first ${LIST_WINDOW} rows, sort the other way or narrow the filter`,
    );
  }

  return {
    sortField: sortable[sort[0]],
    order,
    skip: start,
    take: Math.min(end - start + 1, MAX_PAGE_SIZE, LIST_WINDOW - start),
    filter: readFilter(request),
  };
}

/**
 * The GET handler of a list route: the list parameters from the request (sortable by the fields
 * of `sortable`), one page of `list`, and where it sits in the total.
 */
export function listHandler<Row>(
  resource: string,
  sortable: Record<string, string>,
  defaultSort: [field: string, order: SortOrder],
  list: (query: ListQuery) => Promise<{ rows: Row[]; total: ListTotal }>,
) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const query = readListQuery(request, sortable, defaultSort);
    const { rows, total } = await list(query);
    return listPage(resource, rows, query.skip, total);
  };
}

/**
 * `filter={…}`: what a list is narrowed to (its CSV export's body holds the same, `checkedFilter`). No text in it, at any depth,
 * may hold what no stored text holds (a NUL, which PostgreSQL refuses, another control character
 * or a lone surrogate): a 400 naming the filter.
 */
export function readFilter(request: Request): Record<string, unknown> {
  return checkedFilter(jsonParam(new URL(request.url).searchParams, "filter") ?? {});
}

/** A filter given some other way (an export's body), held to the same rules as `filter={…}`. */
export function checkedFilter(filter: unknown): Record<string, unknown> {
  if (typeof filter !== "object" || filter === null || Array.isArray(filter))
    throw invalidRequest("filter must be a JSON object");
  for (const [name, value] of Object.entries(filter)) {
    if (!isStorableText(name) || !storableThroughout(value)) {
      throw invalidRequest(`${name} must not contain control characters (tab and newline aside)`);
    }
  }
  return filter as Record<string, unknown>;
}

/** Whether every string in `value`, keys included, is storable text; walked without recursion (JSON nests deep). */
function storableThroughout(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (!isStorableText(next)) return false;
    } else if (typeof next === "object" && next !== null) {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return true;
}

function jsonParam(params: URLSearchParams, name: string): unknown {
  const raw = params.get(name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidRequest(`${name} must be JSON`);
  }
}

/** The numeric id in a record's path; anything else names no record. */
export function recordId(value: string): number {
  const id = numericId(value);
  if (id === undefined) throw notFound();
  return id;
}
