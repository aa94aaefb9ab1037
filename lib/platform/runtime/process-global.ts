/**
 * One value per process, whichever copy of a module asks for it. Next's server bundle carries its
 * own copies of lib/ modules beside the process's own module graph (scripts/serve.ts, the e-mail
 * dispatcher, the tests), so state kept in a module would exist twice; kept on globalThis under a
 * registered symbol, it exists once. `create` runs on first use.
 */
export function processGlobal<T>(name: string, create: () => T): T {
  const key = Symbol.for(`remit-accounts.${name}`);
  const holder = globalThis as typeof globalThis & Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
