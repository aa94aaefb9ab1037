import { routeOf } from "@/lib/http/operation";
import { listPasskeysOperation } from "./list-passkeys.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listPasskeysOperation);
