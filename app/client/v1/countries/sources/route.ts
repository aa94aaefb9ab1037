import { routeOf } from "@/lib/http/operation";
import { listCountrySources } from "./list-country-sources.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listCountrySources);
