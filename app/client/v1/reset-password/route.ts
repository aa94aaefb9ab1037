import { routeOf } from "@/lib/http/operation";
import { resetPasswordOperation } from "./reset-password.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(resetPasswordOperation);
