import { routeOf } from "@/lib/http/operation";
import { createPaymentAuthorisationOperation } from "./create-payment-authorisation.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(createPaymentAuthorisationOperation);
