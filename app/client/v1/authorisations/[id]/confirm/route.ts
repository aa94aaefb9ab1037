import { routeOf } from "@/lib/http/operation";
import { confirmPaymentAuthorisationOperation } from "./confirm-payment-authorisation.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(confirmPaymentAuthorisationOperation);
