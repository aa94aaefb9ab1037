import { routeOf } from "@/lib/http/operation";
import { closeAccountOperation } from "./close-account.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(closeAccountOperation);
