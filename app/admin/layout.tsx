import type { ReactNode } from "react";

// Rendered for each request, never ahead of time: every response has its own Content-Security-Policy
// nonce (lib/entry/server/security-headers.ts), which Next writes onto the page's scripts.
export const dynamic = "force-dynamic";

export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
