"use client";

import dynamic from "next/dynamic";

// The page of a staff member's reset link: reads the token from the link's fragment, in the browser only.
const ResetPasswordPage = dynamic(() => import("@/components/admin/me/ResetPasswordPage"), { ssr: false });

export default function AdminResetPassword() {
  return <ResetPasswordPage />;
}
