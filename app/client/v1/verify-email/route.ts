import { routeOf } from "@/lib/http/operation";
import { verifyEmailOperation } from "./verify-email.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(verifyEmailOperation);
