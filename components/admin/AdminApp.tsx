/** The back office as one react-admin app, loaded in the browser only (app/admin/page.tsx). */
import { Admin, Resource, defaultDarkTheme, defaultLightTheme } from "react-admin";
import { authProvider } from "./authProvider";
import { dataProvider } from "./dataProvider";
import { Dashboard } from "./Dashboard";
import { LoginPage } from "./LoginPage";
import { AdminLayout } from "./AdminLayout";
import { backOfficeName } from "@/lib/reference-data/back-office-name";
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
        loginPage={LoginPage}
        layout={AdminLayout}
        dashboard={Dashboard}
        theme={defaultLightTheme}
        darkTheme={defaultDarkTheme}
        requireAuth
        disableTelemetry
      >
        <Resource name="customers" {...customers} />
        <Resource name="settings" {...settings} />
        <Resource name="countries" {...countries} />
        <Resource name="locales" {...locales} />
        <Resource name="timezones" {...timezones} />
        <Resource name="clients" {...clients} />
        <Resource name="outbox" {...outbox} />
        <Resource name="staff" {...staff} />
        <Resource name="audit-log" {...auditLog} />
      </Admin>
    </BrandContext.Provider>
  );
}
