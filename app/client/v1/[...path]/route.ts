import { notFound } from "@/lib/platform/errors/domain-error";
import { failure, newRequestId } from "@/lib/http/respond";

// Anything under /client/v1 that no route matches: a JSON 404, whatever the method (OPTIONS too).
const unknownPath = async () => failure(notFound("Unknown API path"), newRequestId());

export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};
