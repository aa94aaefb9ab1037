/**
 * The back office's layout: react-admin's, with the member's own account in the user menu (change
 * password, set up two-factor, passkeys). A member whose role requires two-factor and who has none sees only
 * the set-up (and can sign out): the API refuses them everything else (403 mfa_required) until they enrol.
 * Above every page, the banner of a restored copy whose e-mails and webhooks are paused.
 */
import { useState, type ReactNode } from "react";
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Typography,
} from "@mui/material";
import FingerprintIcon from "@mui/icons-material/Fingerprint";
import KeyIcon from "@mui/icons-material/Key";
import SecurityIcon from "@mui/icons-material/Security";
import { AppBar, Layout, Logout, UserMenu, useGetIdentity, useLogout, useUserMenu } from "react-admin";
import { forgetSession } from "./authProvider";
import { DispatchPausedBanner } from "./DispatchPausedBanner";
import { ChangePasswordDialog } from "./me/ChangePasswordDialog";
import { PasskeysDialog } from "./me/PasskeysDialog";
import { TwoFactorSetup } from "./two-factor/TwoFactorSetup";

// Enrolled: the session and every cached permission are read afresh.
const reloadBackOffice = () => {
  forgetSession();
  window.location.assign("/admin");
};

/**
 * The user menu's own dialogs, opened by its items: the menu closes as a dialog opens (a menu left
 * open behind a dialog reappears when it closes), so the dialogs live here, beside the menu.
 */
type MenuDialog = "change-password" | "two-factor" | "passkeys";

/** A user-menu entry that opens one of these dialogs: the menu closes first. */
function DialogMenuItem({ icon, label, onOpen }: { icon: ReactNode; label: string; onOpen(): void }) {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

function StaffAppBar() {
  const { identity } = useGetIdentity();
  const [dialog, setDialog] = useState<MenuDialog>();
  const close = () => setDialog(undefined);
  return (
    <>
      <AppBar
        userMenu={
          <UserMenu>
            <DialogMenuItem
              icon={<KeyIcon fontSize="small" />}
              label="Change password"
              onOpen={() => setDialog("change-password")}
            />
            <DialogMenuItem
              icon={<SecurityIcon fontSize="small" />}
              label={identity?.twoFactor ? "Set up two-factor again" : "Set up two-factor sign-in"}
              onOpen={() => setDialog("two-factor")}
            />
            <DialogMenuItem
              icon={<FingerprintIcon fontSize="small" />}
              label="Passkeys"
              onOpen={() => setDialog("passkeys")}
            />
            <Logout />
          </UserMenu>
        }
      />
      {dialog === "change-password" && <ChangePasswordDialog onClose={close} />}
      {dialog === "passkeys" && <PasskeysDialog onClose={close} twoFactor={!!identity?.twoFactor} />}
      {dialog === "two-factor" && (
        <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="two-factor-title">
          <DialogTitle id="two-factor-title">Two-factor sign-in</DialogTitle>
          <DialogContent>
            <TwoFactorSetup onDone={reloadBackOffice} twoFactorOn={!!identity?.twoFactor} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

function HeldAtEnrolment() {
  const logout = useLogout();
  return (
    <Box sx={{ display: "flex", justifyContent: "center", alignItems: "flex-start", minHeight: "100vh", pt: 6 }}>
      <Card sx={{ width: 440 }}>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            Set up two-factor sign-in
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Your role requires a code from an authenticator app at each sign-in. Set it up to use the back office.
          </Typography>
          <TwoFactorSetup onDone={reloadBackOffice} />
          <Button onClick={() => logout()} fullWidth sx={{ mt: 1 }}>
            Sign out
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  if (identity?.heldForEnrolment) return <HeldAtEnrolment />;
  return (
    <Layout appBar={StaffAppBar}>
      <DispatchPausedBanner />
      {children}
    </Layout>
  );
}
