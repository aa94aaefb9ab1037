import { routeOf } from "@/lib/http/operation";
import { resendVerificationOperation } from "./resend-verification.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(resendVerificationOperation);
