import { CancelResponse } from '../../../contract/trading';
import { type Session, sessionRequest } from './session';

/** DELETE /order: cancels one of the session owner's orders. */
export function cancelOrder(session: Session, orderID: string) {
  return sessionRequest(CancelResponse, session, {
    method: 'DELETE',
    path: '/order',
    body: JSON.stringify({ orderID }),
  });
}
