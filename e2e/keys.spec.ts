import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { tabTo, themedScreenshots } from './support/page-checks';
import { type TestWallet, installTestWallet } from './wallet';

/**
 * The Keys page against the real server, with a test wallet injected into Chromium (e2e/wallet.ts):
 * every signature is made in this process with a viem private-key account. Each test uses a fresh
 * key pair, so the per-address limit of 10 keys never couples tests.
 */

/** keys-<state>-<width>-<theme>.png at phone and desktop widths, light and dark, each checked with axe. */
const screenshots = (page: Page, state: string) => themedScreenshots(page, `keys-${state}`, ['main']);

async function openKeysAndConnect(page: Page, wallet: TestWallet): Promise<void> {
  await page.goto('/keys');
  await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await expect(page.getByTestId('connected-address')).toHaveText(
    `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`,
  );
}

interface ShownCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

async function readCredentials(page: Page): Promise<ShownCredentials> {
  const panel = page.getByTestId('credentials-panel');
  await expect(panel).toBeVisible();
  return {
    apiKey: (await panel.getByTestId('credential-api-key').textContent()) ?? '',
    secret: (await panel.getByTestId('credential-secret').textContent()) ?? '',
    passphrase: (await panel.getByTestId('credential-passphrase').textContent()) ?? '',
  };
}

async function testKey(page: Page, credentials: ShownCredentials): Promise<void> {
  const form = page.getByRole('region', { name: 'Test a key' });
  await form.getByLabel('API key').fill(credentials.apiKey);
  await form.getByLabel('Secret', { exact: true }).fill(credentials.secret);
  await form.getByLabel('Passphrase', { exact: true }).fill(credentials.passphrase);
  await form.getByRole('button', { name: 'Test this key' }).click();
}

/** Everything the page could have persisted: Web Storage and every IndexedDB store. */
async function browserStorageDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const storage of [localStorage, sessionStorage])
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        parts.push(`${key}=${storage.getItem(key)}`);
      }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`${info.name}/${store}=${JSON.stringify(rows)}`);
      }
      db.close();
    }
    return parts.join('\n');
  });
}

test.describe('Keys page', () => {
  test('connect, create a key shown once, reload, list, test over L2, revoke, test again', async ({
    page,
  }) => {
    test.slow(); // the whole lifecycle, with screenshots at two widths in two themes along the way
    const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
    await page.goto('/keys');
    await expect(page).toHaveTitle('API keys · Marketdesk');
    await expect(page.getByRole('button', { name: 'Connect Test Wallet' })).toBeVisible();
    await screenshots(page, 'connect');

    await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
    await expect(page.getByTestId('connected-address')).toBeVisible();
    expect(
      wallet.countOf('eth_requestAccounts') + wallet.countOf('wallet_requestPermissions'),
    ).toBeGreaterThan(0);
    await screenshots(page, 'connected');

    // Create: one signature, the credentials shown once.
    await page.getByRole('button', { name: 'Sign to create a key' }).click();
    const created = await readCredentials(page);
    expect(created.apiKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(created.passphrase).toMatch(/^[0-9a-f]{64}$/);
    expect(wallet.countOf('eth_signTypedData_v4')).toBe(1);
    // "Download JSON" hands the browser a file made in memory (a blob: URL, allowed by the CSP).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`marketdesk-api-key-${created.apiKey.slice(0, 8)}.json`);
    expect(JSON.parse(readFileSync(await download.path(), 'utf8'))).toEqual(created);
    const done = page.getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await screenshots(page, 'created');

    // Reload (confirming the leave prompt): the secret is gone, and nowhere in the browser's storage.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign to create a key' })).toBeVisible();
    await expect(page.getByTestId('credentials-panel')).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain(created.secret);
    expect(html).not.toContain(created.passphrase);
    const stored = await browserStorageDump(page);
    expect(stored).not.toContain(created.secret);
    expect(stored).not.toContain(created.passphrase);
    expect(stored).not.toContain(created.apiKey);
    expect(page.url()).not.toContain(created.apiKey);

    // Audit: one signature lists the key. By keyboard, the focus stays on the button while the wallet
    // signs and after (a disabled button would drop it to the page's top).
    await page.getByRole('button', { name: 'Sign to show my keys' }).press('Enter');
    await expect(page.getByTestId('keys-count')).toHaveText('1 of 10');
    await expect(page.getByRole('button', { name: 'Sign to refresh my keys' })).toBeFocused();
    await expect(page.getByTestId('keys-list')).toContainText(created.apiKey);
    await screenshots(page, 'list');

    // Test the key over Level 2 with the values read from the panel.
    await testKey(page, created);
    await expect(page.getByTestId('test-key-success')).toContainText('This key works');
    await screenshots(page, 'test-ok');

    // Revoke: a dialog names the key, then one signature.
    const signaturesBefore = wallet.countOf('eth_signTypedData_v4');
    await page.getByRole('button', { name: `Revoke key ${created.apiKey}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect(dialog).toContainText(created.apiKey);
    await screenshots(page, 'revoke-dialog');
    await dialog.getByRole('button', { name: 'Sign to revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('keys-count')).toHaveText('0 of 10');
    expect(wallet.countOf('eth_signTypedData_v4')).toBe(signaturesBefore + 1);

    // The same Level 2 test now fails: the key is revoked.
    await page
      .getByRole('region', { name: 'Test a key' })
      .getByRole('button', { name: 'Test this key' })
      .click();
    const alert = page.getByRole('region', { name: 'Test a key' }).getByRole('alert');
    await expect(alert).toContainText('This key was revoked');
    await expect(alert).toContainText('API_KEY_REVOKED');
    await screenshots(page, 'test-revoked');
  });

  for (const [kind, options] of [
    ['announced (EIP-6963)', {}],
    ['only on window.ethereum', { announce: false, injectWindowEthereum: true }],
  ] as const) {
    test(`a wallet ${kind} reconnects by itself after a reload, remembering only the connection`, async ({
      page,
    }) => {
      const wallet = await installTestWallet(page, { privateKey: generatePrivateKey(), ...options });
      await page.goto('/keys');
      const name = kind === 'only on window.ethereum' ? 'Connect Browser wallet' : 'Connect Test Wallet';
      await page.getByRole('button', { name }).first().click();
      const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`;
      await expect(page.getByTestId('connected-address')).toHaveText(short);
      const asked = wallet.countOf('eth_requestAccounts') + wallet.countOf('wallet_requestPermissions');

      await page.reload();
      await expect(page.getByTestId('connected-address')).toHaveText(short);
      await expect(page.getByRole('button', { name: 'Sign to create a key' })).toBeEnabled();
      // Reconnected without asking the person again.
      expect(wallet.countOf('eth_requestAccounts') + wallet.countOf('wallet_requestPermissions')).toBe(asked);

      // What is remembered: which connector, and the connection's address and chain; nothing else.
      const stored = await browserStorageDump(page);
      for (const line of stored.split('\n').filter(Boolean))
        expect(line, 'remembered').toMatch(
          /^(wagmi\.(store|recentConnectorId|[\w.-]+\.(connected|disconnected))|tsr-scroll-restoration-v1_3)=/,
        );
      expect(stored.toLowerCase()).toContain(wallet.address.toLowerCase());

      // Disconnect is remembered too: a reload then stays disconnected.
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.reload();
      await expect(page.getByRole('button', { name }).first()).toBeVisible();
      await expect(page.getByTestId('connected-address')).toHaveCount(0);
    });
  }

  test('a server time an hour off is refused before the wallet is asked, and says why', async ({ page }) => {
    const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
    // A forged or intercepted /time, an hour ahead.
    await page.route('**/clob/time', (route) =>
      route.fulfill({ contentType: 'application/json', body: String(Math.floor(Date.now() / 1000) + 3600) }),
    );
    await openKeysAndConnect(page, wallet);
    await page.getByRole('button', { name: 'Sign to create a key' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Nothing was signed: the clocks disagree');
    await expect(alert).toContainText('about 60 minutes ahead of this computer');
    expect(wallet.countOf('eth_signTypedData_v4')).toBe(0);
    // Hidden fields of the Test-a-key form, one shown.
    const form = page.getByRole('region', { name: 'Test a key' });
    await form.getByLabel('Secret', { exact: true }).fill('c2VjcmV0');
    await form.getByLabel('Passphrase', { exact: true }).fill('passphrase');
    await form.getByRole('button', { name: 'Show passphrase' }).click();
    await expect(form.getByLabel('Secret', { exact: true })).toHaveAttribute('type', 'password');
    await expect(form.getByLabel('Passphrase', { exact: true })).toHaveAttribute('type', 'text');
    await screenshots(page, 'clock-skew');
  });

  test('a declined signature shows why and creates nothing', async ({ page }) => {
    const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
    await openKeysAndConnect(page, wallet);

    wallet.rejectNext('eth_signTypedData_v4');
    await page.getByRole('button', { name: 'Sign to create a key' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Signature declined');
    await expect(alert).toContainText('nothing happened');
    await expect(page.getByTestId('credentials-panel')).toHaveCount(0);
    await screenshots(page, 'rejected');

    await page.getByRole('button', { name: 'Sign to show my keys' }).click();
    await expect(page.getByTestId('keys-count')).toHaveText('0 of 10');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a wallet on another chain is asked to switch before signing', async ({ page }) => {
    const wallet = await installTestWallet(page, { privateKey: generatePrivateKey(), chainId: 1 });
    await openKeysAndConnect(page, wallet);
    await expect(page.getByTestId('wrong-chain')).toContainText('Ethereum (chain 1)');
    await screenshots(page, 'wrong-chain');

    // Declining the switch explains and signs nothing.
    wallet.rejectNext('wallet_switchEthereumChain');
    await page.getByRole('button', { name: 'Sign to create a key' }).click();
    await expect(page.getByRole('alert')).toContainText('The network was not switched');
    expect(wallet.countOf('eth_signTypedData_v4')).toBe(0);
    await screenshots(page, 'switch-declined');

    // Accepting it: switched first, then signed for chain 80002.
    await page.getByRole('button', { name: 'Sign to create a key' }).click();
    await readCredentials(page);
    expect(wallet.chainId).toBe(80002);
    const methods = wallet.requests.map((r) => r.method);
    expect(methods.lastIndexOf('wallet_switchEthereumChain')).toBeLessThan(
      methods.lastIndexOf('eth_signTypedData_v4'),
    );
    const typedData = JSON.parse(
      String(wallet.requests.findLast((r) => r.method === 'eth_signTypedData_v4')!.params[1]),
    );
    expect(Number(typedData.domain.chainId)).toBe(80002);
    await expect(page.getByTestId('wrong-chain')).toHaveCount(0);
  });

  test('leaving with the credentials on screen asks first', async ({ page }) => {
    const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
    await openKeysAndConnect(page, wallet);
    await page.getByRole('button', { name: 'Sign to create a key' }).click();
    await readCredentials(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave without saving your key?' });
    await expect(confirm).toBeVisible();
    await screenshots(page, 'leave-confirm');
    await confirm.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(/\/keys$/);
    await expect(page.getByTestId('credentials-panel')).toBeVisible();

    // "Done" only after confirming they were stored; then leaving asks nothing.
    await page.getByLabel('I have stored these safely').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('credentials-panel')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/\/tags$/);
  });

  test('a wallet only on window.ethereum is offered as the browser wallet, and not twice when it also announces', async ({
    page,
  }) => {
    const plain = await installTestWallet(page, {
      privateKey: generatePrivateKey(),
      announce: false,
      injectWindowEthereum: true,
    });
    await page.goto('/keys');
    await page.getByRole('button', { name: 'Connect Browser wallet' }).click();
    await expect(page.getByTestId('connected-address')).toHaveText(
      `${plain.address.slice(0, 6)}…${plain.address.slice(-4)}`,
    );

    const other = await page.context().newPage();
    await installTestWallet(other, { privateKey: generatePrivateKey(), injectWindowEthereum: true });
    await other.goto('/keys');
    const wallets = other.getByRole('list', { name: 'Wallets found in this browser' }).getByRole('button');
    await expect(wallets).toHaveText(['Connect Test Wallet']);
    await other.close();
  });

  test('connected by keyboard, the focus goes on at step 2, not the page top', async ({ page }) => {
    await installTestWallet(page, { privateKey: generatePrivateKey() });
    await page.goto('/keys');
    await tabTo(page, page.getByRole('button', { name: 'Connect Test Wallet' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('connected-address')).toBeVisible();
    // The pressed button is gone: its successor takes the focus, where a screen reader hears it.
    await expect(page.getByRole('button', { name: 'Sign to create a key' })).toBeFocused();
  });

  test('without a wallet the page explains what is needed', async ({ page }) => {
    await page.goto('/keys');
    await expect(page.getByTestId('no-wallet')).toContainText('No wallet found in this browser.');
    await expect(page.getByRole('button', { name: /^Connect/ })).toHaveCount(0);
    await screenshots(page, 'no-wallet');
  });

  test('the catalog pages load no wallet code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const source of scripts) {
      expect(source).not.toContain('eip6963:requestProvider');
      expect(source).not.toContain('eth_signTypedData_v4');
    }
  });
});
