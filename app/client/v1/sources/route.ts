import { routeOf } from "@/lib/http/operation";
import { listSourceCountries } from "./list-source-countries.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listSourceCountries);
