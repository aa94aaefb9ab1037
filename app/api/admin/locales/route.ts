import { optionListRoute } from "@/lib/http/display-option-routes";

export const { GET, POST, PUT, PATCH, DELETE } = optionListRoute("locales");
