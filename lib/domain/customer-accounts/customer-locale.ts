/**
 * A customer's locale. The stored value is the locale the customer chose, or null for the default:
 * the first enabled locale in settings order when it is read. A chosen locale later disabled in the
 * settings gives way to the default too, so the locale an app reads is always an enabled one.
 */
import { fieldError } from "@/lib/platform/errors/domain-error";
import { listEnabledLocales } from "@/lib/domain/reference-data/list-enabled-locales";

/** The locale that applies to a customer whose stored choice is `stored`; null only if no locale is enabled. */
export async function effectiveLocale(stored: string | null): Promise<string | null> {
  const enabled = await listEnabledLocales();
  return stored !== null && enabled.includes(stored) ? stored : (enabled[0] ?? null);
}

/** `locale` checked as a choice: an enabled locale's id, else `locale/invalid`. */
export async function chosenLocale(locale: string): Promise<string> {
  if (!(await listEnabledLocales()).includes(locale)) {
    throw fieldError("locale", "invalid", "Locale must be one of the enabled locales in the settings");
  }
  return locale;
}
