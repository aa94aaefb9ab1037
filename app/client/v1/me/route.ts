import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/route";
import { describeCustomer } from "@/lib/customers/session";

// Extension to the seed contract: the customer behind a login token.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  GET: async ({ request, client }) => success({ customer: await describeCustomer(request, client) }),
});
