// The typed-client example of docs/api.md, as an app would write it. test/openapi.test.ts generates
// ./api.d.ts from the served document with openapi-typescript and type-checks this file against it.
import createClient from "openapi-fetch";
import type { components, operations, paths } from "./api";

type Country = components["schemas"]["Country"];
type ValidationCode = components["schemas"]["ValidationError"]["code"];
type LoginAnswer = operations["loginCustomer"]["responses"][200]["content"]["application/json"];

// @ts-expect-error: a misspelt validation code does not compile
const misspelt: ValidationCode = "requried";

export function accountsApi(baseUrl: string, clientId: string, clientSecret: string) {
  return createClient<paths>({ baseUrl, headers: { "X-Client-ID": clientId, "X-Client-Secret": clientSecret } });
}

export async function sourceCountries(api: ReturnType<typeof accountsApi>): Promise<Country[]> {
  const { data, error } = await api.GET("/client/v1/sources");
  if (error) throw new Error(`${error.code} ${error.type}: ${error.message}`);
  return data.countries;
}

/** The login token, or what was wrong with each field. */
export async function logIn(
  api: ReturnType<typeof accountsApi>,
  email: string,
  password: string,
): Promise<LoginAnswer["token"] | Partial<Record<string, ValidationCode>>> {
  const { data, error, response } = await api.POST("/client/v1/login", { body: { email, password } });
  if (data) return data.token;
  if (error.code === 400) return Object.fromEntries((error.errors ?? []).map((problem) => [problem.param, problem.code]));
  throw new Error(`${error.code} ${error.type}: ${error.message} (request ${response.headers.get("X-Request-Id")})`);
}
