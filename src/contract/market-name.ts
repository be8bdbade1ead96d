/**
 * What an event's market is called among its siblings: its short name in the group (`groupItemTitle`:
 * "3.5%", "October 19"), else its question. An event's markets often share a long question stem, which
 * phone widths cut before the part that tells them apart. No zod here: the first-load bundle uses it.
 */
export function marketName(market: { groupItemTitle?: unknown; question?: unknown }): string {
  const short = typeof market.groupItemTitle === 'string' ? market.groupItemTitle.trim() : '';
  if (short) return short;
  return typeof market.question === 'string' ? market.question.trim() : '';
}
