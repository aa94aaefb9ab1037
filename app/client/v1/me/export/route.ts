import { routeOf } from "@/lib/http/operation";
import { exportCustomerDataOperation } from "./export-customer-data.operation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(exportCustomerDataOperation);
