import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * `count` processes (test/support/lock-holder.ts) that try to take `dataDir`'s lock at the same
 * moment: each is started and has loaded the lock module before any is told to go.
 */
export type Contender = { pid: number; won: boolean; holder?: number };

export async function raceForLock(
  dataDir: string,
  count: number,
): Promise<{ contenders: Contender[]; release(): Promise<void> }> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ["--import", "tsx", "test/support/lock-holder.ts", dataDir], {
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  const exited = children.map((child) => new Promise<void>((resolve) => child.once("exit", () => resolve())));
  const killAll = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const release = async () => {
    for (const child of children) child.stdin.end();
    await Promise.all(exited);
    process.off("exit", killAll);
  };
  try {
    const outputs = children.map((child) => {
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      return async () => {
        const { value, done } = await lines.next();
        if (done) throw new Error(`lock holder ${child.pid} exited before it answered`);
        return value as string;
      };
    });
    await Promise.all(outputs.map((next) => next()));
    for (const child of children) child.stdin.write("go\n");
    const contenders = await Promise.all(
      outputs.map(async (next, index) => {
        const result = JSON.parse(await next()) as { won?: boolean; holder?: number };
        return { pid: children[index].pid!, won: result.won === true, holder: result.holder };
      }),
    );
    return { contenders, release };
  } catch (error) {
    await release();
    throw error;
  }
}
