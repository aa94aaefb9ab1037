/**
 * The three bodies every app launch reads, serialised once per change (not per request) with
 * their ETags. UTC offsets move with daylight saving, so the bodies are also rebuilt every minute;
 * unchanged bytes keep their ETag.
 */
import { createHash } from "node:crypto";
import { versionedCache } from "@/lib/platform/cache/versioned-cache";
import { toCountryBody } from "@/lib/domain/reference-data/country-record";
import { listPublicCountries } from "@/lib/domain/reference-data/list-public-countries";
import { readSettingsBody } from "@/lib/domain/reference-data/read-settings";
import { countriesResponse, settingsResponse } from "./schemas";

export type CachedBody = { bytes: Uint8Array; etag: string };
export type ReferenceBodies = { countries: CachedBody; sources: CachedBody; settings: CachedBody };

const OFFSET_REFRESH_MS = 60_000;

const referenceBodies = versionedCache(
  "reference",
  async (): Promise<ReferenceBodies> => {
    const [countries, sources, settings] = await Promise.all([
      listPublicCountries(),
      listPublicCountries({ sourcesOnly: true }),
      readSettingsBody(),
    ]);
    return {
      countries: cachedBody(
        countriesResponse.parse({ code: 200, message: "Success", countries: countries.map(toCountryBody) }),
      ),
      sources: cachedBody(
        countriesResponse.parse({ code: 200, message: "Success", countries: sources.map(toCountryBody) }),
      ),
      settings: cachedBody(settingsResponse.parse({ code: 200, message: "Success", settings })),
    };
  },
  OFFSET_REFRESH_MS,
);

export function cachedBody(body: unknown): CachedBody {
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { bytes, etag };
}

export async function referenceBody(name: keyof ReferenceBodies): Promise<CachedBody> {
  return (await referenceBodies.get())[name];
}
