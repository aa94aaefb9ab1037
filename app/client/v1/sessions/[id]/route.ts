import { routeOf } from "@/lib/http/operation";
import { revokeSession } from "./revoke-session.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(revokeSession);
