/** A failure the operator can act on: printed as its message alone, exit code 2 (lib/entry/cli/commands.ts). */
export class CommandError extends Error {}
