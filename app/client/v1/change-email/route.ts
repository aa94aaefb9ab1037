import { routeOf } from "@/lib/http/operation";
import { changeEmailOperation } from "./change-email.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(changeEmailOperation);
