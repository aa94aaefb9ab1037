import { routeOf } from "@/lib/http/operation";
import { startPasskeyAuthenticationOperation } from "./start-passkey-authentication.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(startPasskeyAuthenticationOperation);
