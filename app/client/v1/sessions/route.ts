import { routeOf } from "@/lib/http/operation";
import { listSessions } from "./list-sessions.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listSessions);
