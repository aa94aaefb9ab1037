import { routeOf } from "@/lib/http/operation";
import { submitCustomerProfileOperation } from "./submit-customer-profile.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(submitCustomerProfileOperation);
