import { routeOf } from "@/lib/http/operation";
import { finishPasskeyAuthenticationOperation } from "./finish-passkey-authentication.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(finishPasskeyAuthenticationOperation);
