import { routeOf } from "@/lib/http/operation";
import { getCustomerProfile } from "./get-customer-profile.operation";
import { updateCustomerProfileOperation } from "./update-customer-profile.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getCustomerProfile, updateCustomerProfileOperation);
