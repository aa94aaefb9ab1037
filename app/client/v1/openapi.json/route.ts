import { routeOf } from "@/lib/http/operation";
import { getOpenApiDocument } from "./get-openapi-document.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getOpenApiDocument);
