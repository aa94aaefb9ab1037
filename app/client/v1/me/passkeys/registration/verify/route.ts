import { routeOf } from "@/lib/http/operation";
import { finishPasskeyRegistrationOperation } from "./finish-passkey-registration.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(finishPasskeyRegistrationOperation);
