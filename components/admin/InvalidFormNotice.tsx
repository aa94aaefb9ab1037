/**
 * react-admin's "The form is not valid" notice, only where it helps. A form given
 * `disableInvalidFormNotification` holds this instead: after a submission, a refusal of the whole
 * form (`root.serverError`) is the notice; a field the server refused already says why under the
 * field, so the generic notice would only repeat, vaguer, what the page shows; a field this page
 * checked itself gets react-admin's notice as before.
 */
import { useEffect, useRef } from "react";
import { useFormState } from "react-hook-form";
import { useNotify } from "react-admin";

export function InvalidFormNotice() {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const notifiedAt = useRef(submitCount);

  useEffect(() => {
    if (submitCount <= notifiedAt.current) return;
    notifiedAt.current = submitCount;
    const { root, ...fields } = errors;
    const formRefusal = root?.serverError?.message;
    if (typeof formRefusal === "string") notify(formRefusal, { type: "error" });
    else if (Object.values(fields).some((error) => error?.type !== "server"))
      notify("ra.message.invalid_form", { type: "error" });
  }, [errors, submitCount, notify]);
  return null;
}
