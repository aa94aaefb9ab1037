import { optionListRoute } from "@/lib/admin/display-option-routes";

export const { GET, POST, PUT, PATCH, DELETE } = optionListRoute("timezones");
