import { routeOf } from "@/lib/http/operation";
import { loginCustomerOperation } from "./login-customer.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(loginCustomerOperation);
