import { routeOf } from "@/lib/http/operation";
import { refreshSessionOperation } from "./refresh-session.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(refreshSessionOperation);
