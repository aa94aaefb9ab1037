import { routeOf } from "@/lib/http/operation";
import { listCountries } from "./list-countries.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listCountries);
