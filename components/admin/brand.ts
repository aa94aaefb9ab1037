/**
 * The back office's name, "<trading name> back office", from the business settings: the server's
 * page reads it (app/admin/page.tsx) and hands it to the app, whose sign-in page, app bar and tab
 * titles show it.
 */
import { createContext, useContext } from "react";
import { UNBRANDED } from "@/lib/domain/reference-data/back-office-name";

export const BrandContext = createContext<{ name: string; tradingName: string | null }>({
  name: UNBRANDED,
  tradingName: null,
});

export const useBrand = () => useContext(BrandContext);
