import { routeOf } from "@/lib/http/operation";
import { confirmTotpOperation } from "./confirm-totp.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(confirmTotpOperation);
