import { routeOf } from "@/lib/http/operation";
import { changeCustomerLocaleOperation } from "./change-customer-locale.operation";
import { getCurrentCustomer } from "./get-current-customer.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getCurrentCustomer, changeCustomerLocaleOperation);
