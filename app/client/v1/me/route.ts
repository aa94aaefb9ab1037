import { bearerToken } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { describeCustomer } from "@/lib/customers/describe-customer";

// Extension to the seed contract: the customer behind a login token.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  GET: async ({ request, client }) => success({ customer: await describeCustomer(bearerToken(request), client) }),
});
