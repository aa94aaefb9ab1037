import { routeOf } from "@/lib/http/operation";
import { disableTotpOperation } from "./disable-totp.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(disableTotpOperation);
