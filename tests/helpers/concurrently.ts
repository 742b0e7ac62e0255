/**
 * Runs `task` for every item, at most `limit` at a time, each started in the items' order; for
 * independent requests to a test server, so that it works on one while the test reads another's
 * answer. After a failure no further item is started; the running ones are let finish, then the
 * first failure is thrown.
 */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failed = false;
  const errors: unknown[] = [];
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await task(items[index]!, index);
      } catch (error) {
        failed = true;
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (errors.length > 0) throw errors[0];
}
