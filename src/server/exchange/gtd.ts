/**
 * Good-till-date orders keep the reference's security threshold of a minute: an order leaves the book a
 * minute before its signed `expiration`, so a program that signs `now + 60 + N` rests for N seconds, as
 * it would there; an expiration less than a minute ahead is refused.
 */
export const GTD_THRESHOLD_SECONDS = 60;

/** At `nowSeconds`, every order whose signed expiration (≠ 0) is at most this has expired. */
export const expiredBy = (nowSeconds: number): number => nowSeconds + GTD_THRESHOLD_SECONDS;
