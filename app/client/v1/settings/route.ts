import { routeOf } from "@/lib/http/operation";
import { getSettings } from "./get-settings.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getSettings);
