import { routeOf } from "@/lib/http/operation";
import { getApiReference } from "./get-api-reference.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getApiReference);
