/** Whether e-mails and webhooks go out, or are paused (a restored copy) and how to resume: every member's banner. */
import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readDispatch } from "@/lib/domain/dispatch/read-dispatch";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("dashboard", {
  GET: async () => plainJson(await readDispatch()),
});
