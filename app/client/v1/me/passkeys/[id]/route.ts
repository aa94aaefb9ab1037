import { routeOf } from "@/lib/http/operation";
import { renamePasskeyOperation } from "./rename-passkey.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(renamePasskeyOperation);
