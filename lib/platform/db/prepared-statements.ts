/**
 * The hot paths' statements as named prepared statements on PostgreSQL, so that each connection
 * parses and plans them once rather than on every call. A login's first statement (its attempt
 * counted, its account read) spent 2.3 of its 2.7 ms in PostgreSQL parsing and planning, every
 * time (docs/performance.md, "The whole bench again, and the hot statements prepared once"); the
 * statements are the same text call after call, only their values change.
 *
 * Only statements built with `prepared` are named: their texts come in a handful of shapes, so each
 * connection keeps a handful of plans, and their lookups are by unique keys, where a generic plan is
 * as good as a custom one. Every other statement (Prisma's, the back office's lists, whose best
 * plan depends on the values) stays unnamed, planned for its values each time. Behind a pooler in
 * transaction mode (DIRECT_DATABASE_URL set, docs/operations.md) nothing is named: a statement
 * prepared on one server connection does not exist on the next.
 */
import { createHash } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";

/** Opens a statement's text to say it may be named; a comment, so PostgreSQL reads past it. */
const MARK = "/* prepared */ ";

/**
 * More shapes than this means a statement built with `prepared` varies in a way it should not (a
 * list of values written into its text): past it, new texts go unnamed, so each connection's
 * memory for plans stays bounded.
 */
const MAX_NAMES = 200;

/** The unnamed statement, in the protocol and in node-postgres: parsed and planned for this one call. */
const UNNAMED = "";

/** `statement`, to run as a named prepared statement where the database allows. */
export function prepared(statement: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(MARK)}${statement}`;
}

/**
 * A `statementNameGenerator` for @prisma/adapter-pg: a name for a statement built with `prepared`,
 * the same for the same text (node-postgres prepares it once per connection under that name), for
 * up to `maxNames` texts; the unnamed statement for any other.
 */
export function statementNamer(maxNames = MAX_NAMES): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    if (!sql.startsWith(MARK)) return UNNAMED;
    let name = names.get(sql);
    if (name === undefined) {
      if (names.size >= maxNames) return UNNAMED;
      name = `prepared_${createHash("sha256").update(sql).digest("hex").slice(0, 32)}`;
      names.set(sql, name);
    }
    return name;
  };
}
