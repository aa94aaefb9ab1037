import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * Password hashing. New hashes are argon2id with OWASP's parameters, computed in libuv's pool
 * (off the event loop, on every core). bcrypt hashes imported from the previous system are checked
 * by bcryptjs in worker threads, because bcryptjs blocks whatever thread runs it; a successful
 * login then replaces them with argon2id (`needsRehash`).
 */
// Algorithm is an ambient const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

/** bcrypt reads only the first 72 bytes of a password; a longer one must not "match" on its prefix. */
export const BCRYPT_MAX_BYTES = 72;

/**
 * argon2 runs in libuv's thread pool: 4 threads by default, whatever the number of cores. While
 * logins pile up, one hash per core at a time keeps the event loop from competing with more hashing
 * threads than there are cores (on 2 cores beside 4 of them it would get 2/5 of a core), and leaves
 * pool threads free for file and DNS work. Hashing throughput is the same: it is bound by the cores.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism());
let hashesRunning = 0;
const waitingForHash: (() => void)[] = [];

async function oneHashPerCore<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning < MAX_CONCURRENT_HASHES) hashesRunning++;
  else await new Promise<void>((resolve) => waitingForHash.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, if any.
    const next = waitingForHash.shift();
    if (next) next();
    else hashesRunning--;
  }
}

function argon2Verify(stored: string, password: string): Promise<boolean> {
  return oneHashPerCore(() => verify(stored, password)).catch(() => false);
}

export function hashPassword(password: string): Promise<string> {
  return oneHashPerCore(() => hash(password, ARGON2_OPTIONS));
}

export function isBcryptHash(stored: string): boolean {
  return /^\$2[aby]\$\d{2}\$/.test(stored);
}

export type Verification = { valid: boolean; needsRehash: boolean };

export async function verifyPassword(password: string, stored: string): Promise<Verification> {
  if (stored.startsWith("$argon2id$")) {
    const valid = await argon2Verify(stored, password);
    return { valid, needsRehash: valid && !stored.includes(`$${CURRENT_PARAMS}$`) };
  }
  if (isBcryptHash(stored)) {
    if (Buffer.byteLength(password) > BCRYPT_MAX_BYTES) return { valid: false, needsRehash: false };
    const valid = await bcryptPool().compare(password, stored);
    return { valid, needsRehash: valid };
  }
  return { valid: false, needsRehash: false };
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account, so a login for an unknown
 * e-mail answers no faster than one for a known e-mail with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("dummy password that never matches");
  await argon2Verify(await dummyHash, password);
}

// The worker is plain JavaScript evaluated from a string so that it runs the same under tsx and in
// Next's server bundle, with no file of its own to locate at run time.
const BCRYPT_WORKER = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require("bcryptjs");
parentPort.on("message", ({ id, password, hash }) => {
  let valid = false;
  try { valid = bcrypt.compareSync(password, hash.replace(/^\\$2y\\$/, "$2b$")); } catch {}
  parentPort.postMessage({ id, valid });
});
`;

type Pending = Map<number, (valid: boolean) => void>;

class BcryptPool {
  private readonly workers: { worker: Worker; pending: Pending }[] = [];
  private nextId = 0;

  constructor(private readonly size: number) {}

  compare(password: string, hash: string): Promise<boolean> {
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.ref();
      slot.worker.postMessage({ id, password, hash });
    });
  }

  private leastBusy() {
    if (this.workers.length < this.size) {
      const pending: Pending = new Map();
      const worker = new Worker(BCRYPT_WORKER, { eval: true });
      worker.on("message", ({ id, valid }: { id: number; valid: boolean }) => {
        pending.get(id)?.(valid);
        pending.delete(id);
        if (pending.size === 0) worker.unref();
      });
      worker.on("error", (error) => {
        console.error("bcrypt worker failed:", error);
        for (const resolve of pending.values()) resolve(false);
        pending.clear();
        this.workers.splice(this.workers.findIndex((w) => w.worker === worker), 1);
      });
      worker.unref();
      this.workers.push({ worker, pending });
    }
    return this.workers.reduce((best, slot) => (slot.pending.size < best.pending.size ? slot : best));
  }
}

let pool: BcryptPool | undefined;
function bcryptPool(): BcryptPool {
  pool ??= new BcryptPool(Math.max(1, availableParallelism()));
  return pool;
}
