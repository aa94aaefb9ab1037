import { optionRecordRoute } from "@/lib/admin/display-option-routes";

export const { GET, POST, PUT, PATCH, DELETE } = optionRecordRoute("timezones");
