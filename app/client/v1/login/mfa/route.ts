import { routeOf } from "@/lib/http/operation";
import { completeLoginOperation } from "./complete-login.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(completeLoginOperation);
