import { routeOf } from "@/lib/http/operation";
import { revokeOtherSessions } from "./revoke-other-sessions.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(revokeOtherSessions);
