import { bearerToken, readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { changeLocaleRequest } from "@/lib/http/schemas";
import { changeCustomerLocale } from "@/lib/customers/change-customer-locale";
import { describeCustomer } from "@/lib/customers/describe-customer";

// Extension to the seed contract: the customer behind a login token; POST changes their locale.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  GET: async ({ request, client }) => success({ customer: await describeCustomer(bearerToken(request), client) }),
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, changeLocaleRequest);
    const customer = await changeCustomerLocale({ token: bearerToken(request), input, client, device });
    return success({ customer });
  },
});
