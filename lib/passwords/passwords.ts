import { availableParallelism } from "node:os";
import type { Algorithm, Options } from "@node-rs/argon2";
import { serverProcesses } from "@/lib/runtime/cluster";
import { WorkerCalls } from "@/lib/runtime/worker-calls";
import type { HashingErrorReply, HashingProtocol } from "./hashing-protocol";

/**
 * Password hashing. New hashes are argon2id with OWASP's parameters. bcrypt hashes imported from
 * the previous system are checked too, and a successful login replaces them with argon2id
 * (`needsRehash`). Both run in a pool of worker threads: one per core, shared out among the
 * machine's server processes, so logins that pile up hash no more at once than there are cores;
 * and on Linux at a lower CPU priority than the event loop, so while they do, every other request
 * (and the event loop's own part of each login) still gets the CPU it needs at once.
 */
// Algorithm is an ambient const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
const ARGON2_OPTIONS: Options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const CURRENT_PARAMS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

/** bcrypt reads only the first 72 bytes of a password; a longer one must not "match" on its prefix. */
export const BCRYPT_MAX_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return hashingPool().run("hash", password, ARGON2_OPTIONS);
}

export function isBcryptHash(stored: string): boolean {
  return /^\$2[aby]\$\d{2}\$/.test(stored);
}

export type Verification = { valid: boolean; needsRehash: boolean };

const INVALID: Verification = { valid: false, needsRehash: false };

/**
 * Checks `password` against the stored hash. With no account (`stored` undefined) it spends the time
 * of a real verification all the same, so an unknown e-mail answers no faster than a wrong password.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<Verification> {
  if (stored === undefined) {
    dummyHash ??= hashPassword("dummy password that never matches");
    await argon2Verify(password, await dummyHash);
    return INVALID;
  }
  if (stored.startsWith("$argon2id$")) {
    const valid = await argon2Verify(password, stored);
    return { valid, needsRehash: valid && !stored.includes(`$${CURRENT_PARAMS}$`) };
  }
  if (isBcryptHash(stored)) {
    if (Buffer.byteLength(password) > BCRYPT_MAX_BYTES) return INVALID;
    const valid = await hashingPool().run("bcryptCompare", password, stored).catch(() => false);
    return { valid, needsRehash: valid };
  }
  return INVALID;
}

function argon2Verify(password: string, stored: string): Promise<boolean> {
  return hashingPool().run("verify", password, stored).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

type HashingWorker = WorkerCalls<HashingProtocol, HashingErrorReply>;

class HashingPool {
  private readonly workers: HashingWorker[] = [];

  constructor(private readonly size: number) {}

  /** Each worker takes its jobs one after the other, so at most `size` run at once. */
  run<M extends keyof HashingProtocol>(method: M, ...args: Parameters<HashingProtocol[M]>): Promise<ReturnType<HashingProtocol[M]>> {
    return this.leastBusy().call(method, ...args);
  }

  private leastBusy(): HashingWorker {
    if (this.workers.length < this.size) {
      const worker: HashingWorker = new WorkerCalls("hashing", {
        name: "Password hashing",
        toError: (error) => new Error(error),
        // A new worker takes the place of one that failed, at the next job.
        onStop: () => this.workers.splice(this.workers.indexOf(worker), 1),
      });
      this.workers.push(worker);
    }
    return this.workers.reduce((best, worker) => (worker.waiting < best.waiting ? worker : best));
  }
}

let pool: HashingPool | undefined;
function hashingPool(): HashingPool {
  pool ??= new HashingPool(Math.max(1, Math.floor(availableParallelism() / serverProcesses())));
  return pool;
}
