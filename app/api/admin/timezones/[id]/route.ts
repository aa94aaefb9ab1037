import { optionRecordRoute } from "@/lib/http/display-option-routes";

export const { GET, POST, PUT, PATCH, DELETE } = optionRecordRoute("timezones");
