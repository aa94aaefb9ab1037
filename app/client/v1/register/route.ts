import { routeOf } from "@/lib/http/operation";
import { registerCustomerOperation } from "./register-customer.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(registerCustomerOperation);
