import { routeOf } from "@/lib/http/operation";
import { startPasskeyRegistrationOperation } from "./start-passkey-registration.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(startPasskeyRegistrationOperation);
