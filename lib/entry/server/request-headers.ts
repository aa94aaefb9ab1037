/** A node:http request's headers read as a route reads them (`Headers.get`): repeated values joined, null when absent. */
import type http from "node:http";

export function headersOf(request: http.IncomingMessage): { get(name: string): string | null } {
  return {
    get(name) {
      const value = request.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
