/** The client edit form's toolbar: save, and for those who may edit, rotate the secret and revoke. */
import { SaveButton, Toolbar, useCanAccess } from "react-admin";
import RevokeButton from "./RevokeButton";
import RotateSecretButton from "./RotateSecretButton";

export default function ClientToolbar() {
  const { canAccess } = useCanAccess({ resource: "clients", action: "edit" });
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      {canAccess && <RotateSecretButton />}
      {canAccess && <RevokeButton />}
    </Toolbar>
  );
}
