/** The back office as one react-admin app, loaded in the browser only (app/admin/page.tsx). */
import { Admin, Resource, defaultDarkTheme, defaultLightTheme } from "react-admin";
import { authProvider } from "./authProvider";
import { dataProvider } from "./dataProvider";
import { i18nProvider } from "./notificationWords";
import { accessFirst } from "./accessFirst";
import { Dashboard } from "./dashboard/Dashboard";
import { LoginPage } from "./LoginPage";
import { AdminLayout } from "./AdminLayout";
import { backOfficeName } from "@/lib/domain/reference-data/back-office-name";
import { BrandContext } from "./brand";
import settings from "./settings";
import locales from "./locales";
import timezones from "./timezones";
import countries from "./countries";
import clients from "./clients";
import customers from "./customers";
import staff from "./staff";
import auditLog from "./audit-log";
import outbox from "./outbox";
import screeningMatches, { screeningLists } from "./screening";

// Made once: a page component made afresh at each render would remount its page.
const pages = {
  customers: accessFirst(customers),
  settings: accessFirst(settings),
  countries: accessFirst(countries),
  locales: accessFirst(locales),
  timezones: accessFirst(timezones),
  clients: accessFirst(clients),
  outbox: accessFirst(outbox),
  staff: accessFirst(staff),
  auditLog: accessFirst(auditLog),
  screeningMatches: accessFirst(screeningMatches),
  screeningLists: accessFirst(screeningLists),
};

/**
 * The back office. Every resource is declared for every role: the auth provider's canAccess hides
 * from the menu, and guards the pages of, whatever the signed-in role may not use.
 */
export default function AdminApp({ tradingName }: { tradingName: string | null }) {
  const name = backOfficeName(tradingName);
  return (
    <BrandContext.Provider value={{ name, tradingName }}>
      <Admin
        title={name}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={LoginPage}
        layout={AdminLayout}
        dashboard={Dashboard}
        theme={defaultLightTheme}
        darkTheme={defaultDarkTheme}
        requireAuth
        disableTelemetry
      >
        <Resource name="customers" {...pages.customers} />
        <Resource name="screening/matches" {...pages.screeningMatches} />
        <Resource name="screening/lists" {...pages.screeningLists} />
        <Resource name="settings" {...pages.settings} />
        <Resource name="countries" {...pages.countries} />
        <Resource name="locales" {...pages.locales} />
        <Resource name="timezones" {...pages.timezones} />
        <Resource name="clients" {...pages.clients} />
        <Resource name="outbox" {...pages.outbox} />
        <Resource name="staff" {...pages.staff} />
        <Resource name="audit-log" {...pages.auditLog} />
      </Admin>
    </BrandContext.Provider>
  );
}
