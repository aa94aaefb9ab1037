import { routeOf } from "@/lib/http/operation";
import { removePasskeyOperation } from "./remove-passkey.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(removePasskeyOperation);
