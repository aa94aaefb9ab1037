import { notFound } from "@/lib/errors/domain-error";
import { failure, newRequestId } from "@/lib/http/respond";

// Anything under /api/admin that no route matches: a JSON 404, whatever the method.
const unknownPath = async () => failure(notFound("Unknown admin API path"), newRequestId());

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
