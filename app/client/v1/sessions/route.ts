import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { listCustomerSessions } from "@/lib/customers/list-customer-sessions";

// Where the customer is signed in: their live login tokens, newest first.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  GET: async ({ login }) => success({ sessions: await listCustomerSessions({ login }) }),
});
