import { referenceReadRoute } from "@/lib/http/reference-reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = referenceReadRoute("/client/v1/countries/sources");
