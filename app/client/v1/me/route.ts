import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { changeLocaleRequest } from "@/lib/http/schemas";
import { changeCustomerLocale } from "@/lib/customers/change-customer-locale";
import { describeCustomer } from "@/lib/customers/describe-customer";

// Extension to the seed contract: the customer behind a login token; POST changes their locale.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  GET: async ({ login }) => success({ customer: await describeCustomer(login) }),
  POST: async ({ request, client, login }) => {
    const device = readDevice(request);
    const input = await readInput(request, changeLocaleRequest);
    const customer = await changeCustomerLocale({ login, input, client, device });
    return success({ customer });
  },
});
