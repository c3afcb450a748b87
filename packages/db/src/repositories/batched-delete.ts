/**
 * Runs `deleteBatch(batchSize)` until a batch deletes fewer rows than asked, so pruning a large
 * table never holds locks in one long statement. `deleteBatch` deletes at most `limit` rows and
 * returns how many it deleted; the total is returned.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: (limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
