import { routeOf } from "@/lib/http/operation";
import { enrolTotpOperation } from "./enrol-totp.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(enrolTotpOperation);
