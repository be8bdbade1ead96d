import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyChain, mainnet, renderKeysPage } from '../test/render-keys-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** JSON of anything, skipping cycles (wagmi mutation state holds connectors) and printing bigints. */
function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object') {
      if (seen.has(v)) return undefined;
      seen.add(v);
    }
    return v;
  });
}

async function connect(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Connect Mock Connector' }));
  await screen.findByTestId('connected-address');
}

async function createKey(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
  return screen.findByTestId('credentials-panel');
}

describe('Keys page: wallet', () => {
  it('explains what is needed when the browser has no wallet, with no dead button', async () => {
    renderKeysPage({ noWallet: true });
    expect(await screen.findByTestId('no-wallet')).toHaveTextContent('No wallet found in this browser.');
    expect(screen.queryByRole('button', { name: /^Connect/ })).toBeNull();
    expect(screen.getByText(/Connect a wallet first/)).toBeInTheDocument();
    // Testing a key needs no wallet.
    expect(screen.getByRole('button', { name: 'Test this key' })).toBeEnabled();
  });

  it('connects, shows the short address with a copy button, and disconnects', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    const address = clob.account.address;
    expect(screen.getByTestId('connected-address')).toHaveTextContent(
      `${address.slice(0, 6)}…${address.slice(-4)}`,
    );
    expect(screen.getByRole('button', { name: 'Copy wallet address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign to create a key' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Mock Connector' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign to create a key' })).toBeNull();
  });

  it('connected by keyboard, the focus goes on at step 2 instead of dropping to the page', async () => {
    const user = userEvent.setup();
    renderKeysPage();
    (await screen.findByRole('button', { name: 'Connect Mock Connector' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('connected-address');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign to create a key' })).toHaveFocus());
  });
});

describe('Keys page: create, list, revoke', () => {
  it('creates a key with one signature and shows the credentials once, kept only in memory', async () => {
    const user = userEvent.setup();
    const { clob, queryClient } = renderKeysPage();
    await connect(user);
    const panel = await createKey(user);
    const [key] = clob.keys;
    expect(key).toBeDefined();
    expect(within(panel).getByTestId('credential-api-key')).toHaveTextContent(key!.apiKey);
    expect(within(panel).getByTestId('credential-secret')).toHaveTextContent(key!.secret);
    expect(within(panel).getByTestId('credential-passphrase')).toHaveTextContent(key!.passphrase);
    expect(within(panel).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download JSON' })).toBeInTheDocument();
    expect(clob.rpc.filter((r) => r.method === 'eth_signTypedData_v4')).toHaveLength(1);
    // The server clock was asked before signing.
    expect(clob.countOf('GET', '/time')).toBe(1);

    // Nowhere but component state: no storage, no URL, no query or mutation cache.
    const everywhere = [
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      window.location.href,
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
      safeJson(
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      ),
    ].join('\n');
    expect(everywhere).not.toContain(key!.secret);
    expect(everywhere).not.toContain(key!.passphrase);

    // "Done" waits for the person to confirm they stored the values; then they are gone.
    const done = within(panel).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(panel).getByLabelText('I have stored these safely'));
    expect(done).toBeEnabled();
    await user.click(done);
    expect(screen.queryByTestId('credentials-panel')).toBeNull();
    expect(document.body.textContent).not.toContain(key!.secret);
    // Keyboard focus is not lost with the panel.
    expect(screen.getByRole('button', { name: 'Sign to create a key' })).toHaveFocus();
  });

  it('sends the contract typed data with the configured chain and a fresh nonce each time', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    await user.click(screen.getByRole('button', { name: 'Sign to show my keys' }));
    await screen.findByTestId('keys-list');
    await user.click(screen.getByRole('button', { name: 'Sign to refresh my keys' }));
    await waitFor(() => expect(clob.countOf('GET')).toBe(2));
    const signed = clob.rpc.map((r) => JSON.parse(String(r.params[1])));
    expect(signed[0].domain).toEqual({ name: 'ClobAuthDomain', version: '1', chainId: 80002 });
    expect(signed[0].primaryType).toBe('ClobAuth');
    expect(signed[0].message.message).toBe('This message attests that I control the given wallet');
    expect(signed[0].message.nonce).not.toBe(signed[1].message.nonce);
    const [first] = clob.requests.filter((r) => r.path === '/api-keys');
    expect(first!.headers.get('SVC_ADDRESS')).toBe(clob.account.address);
    expect(first!.headers.get('SVC_TIMESTAMP')).toBe(signed[0].message.timestamp);
  });

  it('lists the active keys against the limit, marks the one just created, and revokes after a dialog', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    await createKey(user);
    const created = clob.keys[0]!.apiKey;
    await user.click(screen.getByRole('button', { name: 'Sign to show my keys' }));
    expect(await screen.findByTestId('keys-count')).toHaveTextContent('1 of 10');
    const list = screen.getByTestId('keys-list');
    expect(within(list).getByText(created)).toBeInTheDocument();
    expect(within(list).getByText('Just created')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: `Revoke key ${created}` }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
    expect(within(dialog).getByTestId('revoke-key-id')).toHaveTextContent(created);
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(clob.countOf('DELETE')).toBe(0);

    await user.click(within(list).getByRole('button', { name: `Revoke key ${created}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign to revoke' }));
    await waitFor(() => expect(screen.getByTestId('keys-count')).toHaveTextContent('0 of 10'));
    expect(clob.keys[0]!.revoked).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign to create a key' })).toHaveFocus());
    expect(screen.getByText('This wallet has no active keys yet.')).toBeInTheDocument();
  });
});

describe('Keys page: errors a person meets', () => {
  it('a declined signature (4001) says so and creates nothing', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.walletErrors.push({ code: 4001, message: 'User rejected the request.' });
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Signature declined');
    expect(alert).toHaveTextContent('nothing happened');
    expect(clob.countOf('POST')).toBe(0);
    expect(screen.queryByTestId('credentials-panel')).toBeNull();
  });

  it('a locked wallet (4100) is named as such', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.walletErrors.push({ code: 4100, message: 'Unauthorized' });
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your wallet seems locked');
  });

  it('a wallet on another chain is asked to switch before signing', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage({ walletChains: [mainnet, keyChain] });
    await connect(user);
    expect(screen.getByTestId('wrong-chain')).toHaveTextContent('Ethereum (chain 1)');
    await createKey(user);
    const signed = JSON.parse(String(clob.rpc.find((r) => r.method === 'eth_signTypedData_v4')!.params[1]));
    expect(signed.domain.chainId).toBe(80002);
    expect(screen.queryByTestId('wrong-chain')).toBeNull();
  });

  it('re-syncs from SVC_SERVER_TIME and asks for one new signature when the timestamp is refused', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    // The page syncs its clock first; then the server's clock jumps ten minutes ahead.
    await user.click(screen.getByRole('button', { name: 'Sign to show my keys' }));
    await screen.findByTestId('keys-list');
    clob.serverSkewSeconds = 600;
    await createKey(user);
    const posts = clob.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(
      Number(posts[1]!.headers.get('SVC_TIMESTAMP')) - Number(posts[0]!.headers.get('SVC_TIMESTAMP')),
    ).toBeGreaterThanOrEqual(599);
    expect(clob.rpc.filter((r) => r.method === 'eth_signTypedData_v4')).toHaveLength(3);
    expect(clob.keys).toHaveLength(1);
  });

  it('retries the clock only once, then explains', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    const serverTime = String(Math.floor(Date.now() / 1000) + 120);
    const refused = { status: 401, code: 'TIMESTAMP_OUT_OF_RANGE', headers: { SVC_SERVER_TIME: serverTime } };
    clob.forced.push(refused, refused);
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The time of the signature was not accepted');
    expect(alert).toHaveTextContent('TIMESTAMP_OUT_OF_RANGE');
    expect(clob.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('refuses to sign, without opening the wallet, when the server time is more than 10 minutes off', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.serverSkewSeconds = 11 * 60;
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was signed: the clocks disagree');
    expect(alert).toHaveTextContent('about 11 minutes ahead of this computer');
    expect(clob.rpc.filter((r) => r.method === 'eth_signTypedData_v4')).toHaveLength(0);
    expect(clob.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(clob.keys).toHaveLength(0);
  });

  it('refuses a forged SVC_SERVER_TIME far ahead the same way, with no second signature', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    const farAhead = String(Math.floor(Date.now() / 1000) + 86_400);
    clob.forced.push({ status: 401, code: 'TIMESTAMP_OUT_OF_RANGE', headers: { SVC_SERVER_TIME: farAhead } });
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('about 24 hours ahead of this computer');
    expect(clob.rpc.filter((r) => r.method === 'eth_signTypedData_v4')).toHaveLength(1);
  });

  it('KEY_LIMIT_REACHED offers to show the keys', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.forced.push({ status: 409, code: 'KEY_LIMIT_REACHED' });
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You already have 10 active keys');
    await user.click(within(alert).getByRole('button', { name: 'Sign to show my keys' }));
    expect(await screen.findByTestId('keys-count')).toHaveTextContent('0 of 10');
  });

  it('RATE_LIMITED says when to try again, from Retry-After', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.forced.push({ status: 429, code: 'RATE_LIMITED', headers: { 'Retry-After': '7' } });
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests for now');
    expect(alert).toHaveTextContent('try again in 7 seconds');
  });

  it('SIGNATURE_REUSED asks for a fresh signature', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.forced.push({ status: 401, code: 'SIGNATURE_REUSED' });
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That signature was already used');
  });

  it('a network failure says the server cannot be reached and nothing changed', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    clob.offline = true;
    await user.click(screen.getByRole('button', { name: 'Sign to create a key' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server cannot be reached');
    expect(alert).toHaveTextContent('Nothing was changed');
  });
});

describe('Keys page: test a key (Level 2)', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
    const form = await screen.findByRole('region', { name: 'Test a key' });
    for (const [label, value] of Object.entries(values)) {
      const input = within(form).getByLabelText(label);
      await user.clear(input);
      if (value) await user.paste(value);
    }
    await user.click(within(form).getByRole('button', { name: 'Test this key' }));
    return form;
  }

  it('checks the form before sending anything', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    const form = await fill(user, { 'API key': 'not-a-key', Secret: 'not base64!', Passphrase: '' });
    expect(within(form).getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText(/looks like 8-4-4-4-12/)).toBeInTheDocument();
    expect(within(form).getByText(/base64url/)).toBeInTheDocument();
    expect(within(form).getByText('Paste the passphrase.')).toBeInTheDocument();
    expect(clob.requests).toHaveLength(0);
  });

  it('draws the secret and the passphrase as password fields, each with its own show and hide button', async () => {
    const user = userEvent.setup();
    renderKeysPage();
    const form = await screen.findByRole('region', { name: 'Test a key' });
    expect(within(form).getByLabelText('API key')).toHaveAttribute('type', 'text');
    const secret = within(form).getByLabelText('Secret');
    const passphrase = within(form).getByLabelText('Passphrase');
    expect(secret).toHaveAttribute('type', 'password');
    expect(passphrase).toHaveAttribute('type', 'password');

    // Keyboard: focus the secret's toggle and press Enter.
    within(form).getByRole('button', { name: 'Show secret' }).focus();
    await user.keyboard('{Enter}');
    expect(secret).toHaveAttribute('type', 'text');
    expect(passphrase).toHaveAttribute('type', 'password');
    await user.click(within(form).getByRole('button', { name: 'Hide secret' }));
    expect(secret).toHaveAttribute('type', 'password');

    await user.click(within(form).getByRole('button', { name: 'Show passphrase' }));
    expect(passphrase).toHaveAttribute('type', 'text');
    // Clear hides them again.
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(passphrase).toHaveAttribute('type', 'password');
  });

  it('uses the key just created, succeeds, and explains a revoked key afterwards', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    await createKey(user);
    const form = screen.getByRole('region', { name: 'Test a key' });
    await user.click(within(form).getByRole('button', { name: 'Use the key just created' }));
    await user.click(within(form).getByRole('button', { name: 'Test this key' }));
    expect(await within(form).findByTestId('test-key-success')).toHaveTextContent('This key works');
    const l2 = clob.requests.find((r) => r.headers.has('SVC_API_KEY'))!;
    expect(l2.headers.get('SVC_PASSPHRASE')).toBe(clob.keys[0]!.passphrase);
    expect(l2.headers.has('SVC_ADDRESS')).toBe(false);

    clob.keys[0]!.revoked = true;
    await user.click(within(form).getByRole('button', { name: 'Test this key' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This key was revoked');
    expect(alert).toHaveTextContent('API_KEY_REVOKED');
  });

  it('names a wrong passphrase and an unknown key in plain words', async () => {
    const user = userEvent.setup();
    const { clob } = renderKeysPage();
    await connect(user);
    await createKey(user);
    const key = clob.keys[0]!;
    let form = await fill(user, { 'API key': key.apiKey, Secret: key.secret, Passphrase: 'wrong' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('The passphrase does not match');
    form = await fill(user, {
      'API key': '11111111-1111-4111-8111-111111111111',
      Secret: key.secret,
      Passphrase: key.passphrase,
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Unknown API key');
  });
});

describe('Keys page: leaving with the credentials on screen', () => {
  it('asks before navigating away, and lets the person stay or leave', async () => {
    const user = userEvent.setup();
    const { router } = renderKeysPage();
    await connect(user);
    await createKey(user);
    await user.click(screen.getByRole('link', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving your key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/keys');
    expect(screen.getByTestId('credentials-panel')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Tags' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Tags page' })).toBeInTheDocument();
    expect(screen.queryByTestId('credentials-panel')).toBeNull();
  });

  it('does not ask once the panel is done', async () => {
    const user = userEvent.setup();
    renderKeysPage();
    await connect(user);
    const panel = await createKey(user);
    await user.click(within(panel).getByLabelText('I have stored these safely'));
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    await act(async () => {
      await user.click(screen.getByRole('link', { name: 'Tags' }));
    });
    expect(await screen.findByRole('heading', { name: 'Tags page' })).toBeInTheDocument();
  });
});
