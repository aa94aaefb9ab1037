/** react-admin's layout with the user menu holding "Change password" besides signing out. */
import type { ReactNode } from "react";
import { AppBar, Layout, Logout, UserMenu } from "react-admin";
import { ChangePasswordMenuItem } from "./ChangePasswordMenuItem";

function AdminAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <ChangePasswordMenuItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={AdminAppBar}>{children}</Layout>;
}
