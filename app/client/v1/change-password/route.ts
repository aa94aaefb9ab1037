import { routeOf } from "@/lib/http/operation";
import { changePasswordOperation } from "./change-password.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(changePasswordOperation);
