"use client";
/** The back office loaded in the browser only: react-admin uses hash routing and localStorage. */
import dynamic from "next/dynamic";

const AdminApp = dynamic(() => import("./AdminApp"), { ssr: false });

export function AdminEntry({ tradingName }: { tradingName: string | null }) {
  return <AdminApp tradingName={tradingName} />;
}
