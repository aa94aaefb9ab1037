import { routeOf } from "@/lib/http/operation";
import { requestPasswordResetOperation } from "./request-password-reset.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(requestPasswordResetOperation);
