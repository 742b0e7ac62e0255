/**
 * Polls `probe` until it returns something truthy, and returns that; fails naming `what` after
 * `timeoutMs`. For outcomes that background work (the SES sender, the mail worker) reaches on its
 * own clock: the test waits for the state, never for a fixed time.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
