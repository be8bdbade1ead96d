/**
 * What to do when this browser offers no wallet, said once for the ticket, the Portfolio and the Keys
 * page. A phone has no extensions: there, a wallet app's own browser is the way in.
 */
export const NO_WALLET = 'No wallet found in this browser.';

export const HOW_TO_GET_A_WALLET =
  'On a computer, install or enable a wallet extension such as MetaMask, Rabby or Coinbase Wallet, then reload this page. On a phone, open this page in your wallet app’s own browser.';
