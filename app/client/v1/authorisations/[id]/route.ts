import { routeOf } from "@/lib/http/operation";
import { getPaymentAuthorisationOperation } from "./get-payment-authorisation.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getPaymentAuthorisationOperation);
