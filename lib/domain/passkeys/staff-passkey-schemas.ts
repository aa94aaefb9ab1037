/** The request bodies of a staff member's own passkeys (/api/admin/me/passkeys/…) and of the back office's passkey sign-in. */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";
import { MAX_CHALLENGE_ID_LENGTH } from "./passkey-challenges";
import { authenticationCredentialSchema, registrationCredentialSchema } from "./passkey-credential";
import { MAX_PASSKEY_NAME_LENGTH } from "./passkey-record";

/** The step-up: the current password and, for a member with two-factor, a code of the moment or a recovery code. */
export const staffPasskeyStepUp = z.object({
  current_password: fields.secret("Current password"),
  code: fields.optionalText("Code", 64),
});

export const staffPasskeyRegistration = z.object({
  challenge_id: fields.text("challenge_id", MAX_CHALLENGE_ID_LENGTH),
  credential: registrationCredentialSchema,
  name: fields.optionalText("Name", MAX_PASSKEY_NAME_LENGTH),
});

export const staffPasskeyRename = z.object({ name: fields.text("Name", MAX_PASSKEY_NAME_LENGTH) });

/** The sign-in's answer, as next-auth's "passkey" provider receives it (the credential as its JSON text). */
export const staffPasskeySignIn = z.object({
  challenge_id: fields.text("challenge_id", MAX_CHALLENGE_ID_LENGTH),
  credential: authenticationCredentialSchema,
});
