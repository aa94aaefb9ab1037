import { handleAuthRequest } from "@/lib/http/staff-session";

// Staff sign-in, sign-out, session and CSRF token (next-auth v4).
export { handleAuthRequest as GET, handleAuthRequest as POST };
