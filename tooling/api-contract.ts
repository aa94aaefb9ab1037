/**
 * The contract test: every response a test receives from /client/v1 is checked against what the
 * OpenAPI document that server serves declares for its operation and status (ajv, draft 2020-12,
 * with formats) — status, body, media type and headers. A response the document does not declare
 * fails the test that received it. So does a request the server accepted (2xx) that the document
 * would refuse: the document may not be stricter than the server.
 *
 * Beyond the operations: a path the document does not list must answer 404, a method a listed path
 * does not have 405 with that path's Allow, both as the shared `default` error response; OPTIONS
 * on a listed path 204 with the same Allow (the document's description says so).
 *
 * Tests reach /client/v1 only through `contractFetch` (TestApp's `fetch` and `request` and
 * ServerProcess's `fetch` use it); a test in openapi.test.ts fails on a plain fetch or
 * requestOnNewConnection of a /client/v1 URL. What no client library could send (a body cut off,
 * a declared length never sent, pipelined requests) goes over a raw socket, outside this check,
 * and says so where it does.
 */
import assert from "node:assert/strict";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export type ContractFetch = (path: string, init?: RequestInit) => Promise<Response>;

const API_PREFIX = "/client/v1/";
// Headers of the HTTP exchange itself, not of the API: the document need not declare them, but
// where it does (Connection: close on a 413) they are checked like any other.
const TRANSPORT_HEADERS = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

type Schema = Record<string, unknown>;
type Reference = { $ref: string };
type Header = { required?: boolean; schema: Schema };
type ResponseObject = {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, { schema: Schema }>;
};
type Parameter = { name: string; in: string; schema: Schema };
type Operation = {
  parameters?: (Parameter | Reference)[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, ResponseObject | Reference>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, Header>;
    parameters: Record<string, Parameter>;
  };
};

/** `fetch(baseUrl + path)`, checking each /client/v1 answer against the document that server serves. */
export function contractFetch(baseUrl: string): ContractFetch {
  let contract: Promise<Contract> | undefined;
  return async (path, init = {}) => {
    const response = await fetch(`${baseUrl}${path}`, init);
    if (path.startsWith(API_PREFIX)) {
      contract ??= loadContract(baseUrl);
      await (await contract).check(path, init, response.clone());
    }
    return response;
  };
}

type Contract = { check(path: string, init: RequestInit, response: Response): Promise<void> };

async function loadContract(baseUrl: string): Promise<Contract> {
  const served = await fetch(`${baseUrl}/client/v1/openapi.json`);
  assert.equal(served.status, 200, "the contract test reads the served OpenAPI document");
  const document = (await served.json()) as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const headerAjv = new Ajv2020({ strict: false, coerceTypes: true });
  addFormats.default(headerAjv);
  const compiled = new Map<Schema, ValidateFunction>();
  // Each schema is compiled with the document's named schemas beside it, so "#/components/schemas/…" resolves.
  const validator = (schema: Schema, compiler = ajv) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = compiler.compile({ ...schema, components: { schemas: document.components.schemas } });
      compiled.set(schema, validate);
    }
    return validate;
  };
  const resolve = <T>(value: T | Reference): T => {
    if (!value || typeof value !== "object" || !("$ref" in value)) return value as T;
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
    const target = (document.components as Record<string, Record<string, unknown>>)[kind]?.[name];
    assert.ok(target, `${value.$ref} exists`);
    return target as T;
  };
  // What `default` stands for: the statuses its narrowed `code` lists (404, 405 and 500).
  const defaultStatuses = new Set<number>(
    (resolve(document.components.responses.Default).content!["application/json"].schema.allOf as Schema[]).flatMap(
      (part) => (part.properties as { code?: { enum?: number[] } } | undefined)?.code?.enum ?? [],
    ),
  );
  const allowOf = (pathItem: Record<string, Operation>) =>
    new Set([...Object.keys(pathItem).map((method) => method.toUpperCase()), "OPTIONS"]);

  function checkHeaders(where: string, declared: Record<string, Header | Reference>, headers: Headers) {
    const names = new Map(Object.keys(declared).map((name) => [name.toLowerCase(), name]));
    for (const [name, value] of headers) {
      const declaredName = names.get(name);
      if (!declaredName && TRANSPORT_HEADERS.has(name)) continue;
      assert.ok(
        declaredName,
        `${where}: the response carries ${name}: ${value}, which the document does not declare for it`,
      );
      const validate = validator(resolve(declared[declaredName]).schema, headerAjv);
      assert.ok(
        validate(value),
        `${where}: ${declaredName}: ${value} does not match its schema: ${ajv.errorsText(validate.errors)}`,
      );
    }
    for (const [lowerName, name] of names) {
      if (resolve(declared[name]).required)
        assert.ok(headers.has(lowerName), `${where}: the required header ${name} is missing`);
    }
  }

  function checkBody(where: string, declared: ResponseObject, response: Response, text: string, bodyless: boolean) {
    if (bodyless || !declared.content) {
      assert.equal(text, "", `${where}: no body was expected`);
      return;
    }
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0].trim();
    const content = declared.content[mediaType];
    assert.ok(
      content,
      `${where}: Content-Type ${mediaType} is not one the document declares (${Object.keys(declared.content).join(", ")})`,
    );
    const validate = validator(content.schema);
    assert.ok(
      validate(mediaType === "application/json" ? JSON.parse(text) : text),
      `${where}: the body does not match the document: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`,
    );
  }

  /** A request the server accepted must be one the document accepts: its body and its header parameters. */
  function checkAcceptedRequest(where: string, operation: Operation, init: RequestInit) {
    const headers = new Headers(init.headers);
    for (const parameter of (operation.parameters ?? []).map(resolve<Parameter>)) {
      const value = parameter.in === "header" ? headers.get(parameter.name) : null;
      if (value === null) continue;
      const validate = validator(parameter.schema, headerAjv);
      assert.ok(
        validate(value),
        `${where}: the server accepted ${parameter.name}: ${value}, which the document refuses: ${ajv.errorsText(validate.errors)}`,
      );
    }
    if (!operation.requestBody || typeof init.body !== "string") return;
    const mediaType = (headers.get("content-type") ?? "").split(";")[0].trim();
    const content = operation.requestBody.content[mediaType];
    assert.ok(
      content,
      `${where}: the server accepted a ${mediaType || "typeless"} body, which the document does not list`,
    );
    const body = mediaType === "application/json" ? JSON.parse(init.body) : firstOfEach(new URLSearchParams(init.body));
    const validate = validator(content.schema);
    assert.ok(
      validate(body),
      `${where}: the server accepted a body the document refuses: ${ajv.errorsText(validate.errors)}`,
    );
  }

  // Templated paths, such as /client/v1/sessions/{id}, as patterns of the paths they stand for.
  const templates = Object.keys(document.paths)
    .filter((template) => template.includes("{"))
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
          .join("[^/]+")}$`,
      ),
    }));
  /** The document's path a request's path is: itself when listed (a literal path wins), else the template it fits. */
  const documentPath = (pathname: string) =>
    document.paths[pathname]
      ? pathname
      : (templates.find(({ pattern }) => pattern.test(pathname))?.template ?? pathname);

  return {
    async check(path, init, response) {
      const method = (init.method ?? "GET").toUpperCase();
      const pathname = new URL(path, "http://api").pathname;
      const where = `${method} ${pathname} answered ${response.status}`;
      const text = await response.text();
      const bodyless = method === "HEAD" || response.status === 204 || response.status === 304;
      const pathItem = document.paths[documentPath(pathname)];
      const operation = pathItem?.[method.toLowerCase()];

      if (pathItem && method === "OPTIONS") {
        assert.equal(response.status, 204, where);
        assert.deepEqual(
          new Set(response.headers.get("allow")?.split(", ")),
          allowOf(pathItem),
          `${where}: Allow is the path's`,
        );
        checkHeaders(where, { ...document.components.responses.Default.headers }, response.headers);
        assert.equal(text, "", `${where}: no body was expected`);
        return;
      }
      if (!operation) {
        assert.equal(
          response.status,
          pathItem ? 405 : 404,
          `${where}: ${pathItem ? "the path has no such operation" : "the document has no such path"}`,
        );
        if (pathItem)
          assert.deepEqual(
            new Set(response.headers.get("allow")?.split(", ")),
            allowOf(pathItem),
            `${where}: Allow lists the path's methods`,
          );
        const declared = document.components.responses.Default;
        checkHeaders(where, declared.headers ?? {}, response.headers);
        checkBody(where, declared, response, text, bodyless);
        return;
      }
      const status = String(response.status);
      const declaredOrDefault =
        operation.responses[status] ?? (defaultStatuses.has(response.status) ? operation.responses.default : undefined);
      assert.ok(declaredOrDefault, `${where}, a status the document does not declare for ${method} ${pathname}`);
      const declared = resolve(declaredOrDefault);
      checkHeaders(where, declared.headers ?? {}, response.headers);
      checkBody(where, declared, response, text, bodyless);
      if (response.ok) checkAcceptedRequest(where, operation, init);
    },
  };
}

/** A form as the server reads it: the first value of each field. */
function firstOfEach(form: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) fields[key] ??= value;
  return fields;
}
