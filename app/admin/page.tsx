"use client";

import dynamic from "next/dynamic";

// react-admin is a browser application (hash routing, localStorage): never rendered on the server.
const AdminApp = dynamic(() => import("@/components/admin/AdminApp"), { ssr: false });

export default function AdminPage() {
  return <AdminApp />;
}
