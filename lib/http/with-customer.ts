/**
 * The wrapper of /client/v1 routes that act on a customer's account: the API client's credentials,
 * then `Authorization: Bearer <login token>`, before anything else is read, so a call without a
 * live token is a 401 whatever its body.
 */
import { authenticateCustomer, type CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import type { Method, RouteExports } from "./build-route";
import { clientRoute, type RequestContext } from "./with-client";

export type CustomerRequestContext = RequestContext & {
  /** The live login token the call carries, with its customer. */
  login: CustomerLogin;
};

type CustomerHandler = (context: CustomerRequestContext) => Promise<Response>;

export function customerRoute(handlers: Partial<Record<Method, CustomerHandler>>): RouteExports {
  const withLogin = Object.fromEntries(
    Object.entries(handlers).map(([method, handler]) => [
      method,
      async (context: RequestContext) =>
        handler({ ...context, login: await authenticateCustomer(bearerToken(context.request), context.client) }),
    ]),
  );
  return clientRoute(withLogin);
}

/** The token of `Authorization: Bearer <token>`; undefined without one. */
function bearerToken(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
}
