/** The input of creating and changing webhook endpoints (POST and PUT /api/admin/clients/{id}/webhooks…). */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";
import { WEBHOOK_EVENTS, SUBSCRIBABLE_EVENTS } from "./webhook-events";
import { URL_MAX_LENGTH, urlProblem } from "./webhook-target";

/** How many endpoints one API client may have. */
export const MAX_ENDPOINTS_PER_CLIENT = 10;

const url = fields.text("URL", URL_MAX_LENGTH).superRefine((value, context) => {
  const problem = urlProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** At least one event, each known and subscribable, each once (kept in the order first given). */
const events = z
  .array(
    z.string({ error: "Each event must be text" }).refine((name) => SUBSCRIBABLE_EVENTS.includes(name), {
      message: `Unknown event: the events are ${SUBSCRIBABLE_EVENTS.join(", ")}`,
    }),
    {
      error: (issue) =>
        issue.input === undefined ? "Choose at least one event" : "Events must be a list of event names",
    },
  )
  .min(1, "Choose at least one event")
  .max(SUBSCRIBABLE_EVENTS.length * 2, "Too many events")
  .transform((names) => [...new Set(names)].map((name) => WEBHOOK_EVENTS.get(name)!));

export const newEndpointInput = z.object({ url, events });

export const endpointChanges = z.object({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean({ error: "Enabled must be true or false" }).optional(),
});
