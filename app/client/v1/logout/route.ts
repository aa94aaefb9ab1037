import { routeOf } from "@/lib/http/operation";
import { logoutCustomerOperation } from "./logout-customer.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(logoutCustomerOperation);
