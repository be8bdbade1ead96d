/** The most active API keys one wallet can have: the server's MAX_ACTIVE_KEYS (KEY_LIMIT_REACHED past it). */
export const KEY_LIMIT = 10;

/**
 * KEY_LIMIT_REACHED in words, one definition for the Keys page (where keys are revoked) and for the
 * ticket and the Portfolio (where a trading session's key is refused by the limit).
 */
export const keyLimitWords = {
  title: `You already have ${KEY_LIMIT} active keys`,
  why: 'That is the most one wallet can have',
} as const;
