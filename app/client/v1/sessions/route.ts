import { bearerToken } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { listCustomerSessions } from "@/lib/customers/list-customer-sessions";

// Where the customer is signed in: their live login tokens, newest first.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  GET: async ({ request, client }) =>
    success({ sessions: await listCustomerSessions({ token: bearerToken(request), client }) }),
});
