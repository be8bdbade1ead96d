import type { Page } from '@playwright/test';
import { type Hex, type TypedDataDefinition, getAddress, isAddressEqual, numberToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A browser wallet for Playwright tests: an EIP-1193 provider installed into the page and announced
 * over EIP-6963, whose every request is answered here, in the test process. Signing uses a viem
 * private-key account, so the private key never enters the page. Its state (connected, chain) lives
 * in the test process and survives reloads, like a real extension's would.
 */

/** Anvil's first well-known test key: never holds anything of value. */
export const TEST_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** The chain keys are signed for when neither the server's CHAIN_ID nor VITE_CHAIN_ID is set. */
export const KEY_CHAIN_ID = 80002;

export interface TestWalletOptions {
  privateKey?: Hex;
  /** The chain the wallet is on when the page opens (default: the key chain, 80002). */
  chainId?: number;
  /** EIP-6963 provider info. */
  name?: string;
  rdns?: string;
  /** Announce over EIP-6963 (default true). */
  announce?: boolean;
  /** Also set `window.ethereum` (default false). */
  injectWindowEthereum?: boolean;
}

export interface WalletRequest {
  method: string;
  params: unknown[];
}

interface RpcError {
  code: number;
  message: string;
}

interface Reply {
  result?: unknown;
  error?: RpcError;
  /** Events the page-side provider emits after answering (e.g. chainChanged after a switch). */
  events?: [string, unknown][];
}

const USER_REJECTED: RpcError = { code: 4001, message: 'User rejected the request.' };

// A small square with a letter: EIP-6963 asks for a data URI icon.
const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><text x="16" y="22" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">T</text></svg>',
).toString('base64')}`;

export class TestWallet {
  readonly account;
  readonly requests: WalletRequest[] = [];
  chainId: number;
  private connected = false;
  private locked = false;
  private readonly rejections = new Map<string, number>();
  private page: Page | undefined;

  constructor(private readonly options: TestWalletOptions = {}) {
    this.account = privateKeyToAccount(options.privateKey ?? TEST_PRIVATE_KEY);
    this.chainId = options.chainId ?? KEY_CHAIN_ID;
  }

  get address() {
    return this.account.address;
  }

  /** Installs the provider into every document `page` loads from now on. */
  async install(page: Page): Promise<this> {
    this.page = page;
    const binding = '__testWalletRequest';
    await page.exposeFunction(binding, (request: WalletRequest) => this.handle(request));
    await page.addInitScript(pageProvider, {
      binding,
      info: {
        uuid: '5b8f5c9e-7d7c-4c5a-9f5e-6d2b1c0a9e11',
        name: this.options.name ?? 'Test Wallet',
        icon: ICON,
        rdns: this.options.rdns ?? 'org.marketdesk.testwallet',
      },
      announce: this.options.announce ?? true,
      injectWindowEthereum: this.options.injectWindowEthereum ?? false,
    });
    return this;
  }

  /** The next `count` requests with this method are declined as the user would (EIP-1193 4001). */
  rejectNext(method: string, count = 1): void {
    this.rejections.set(method, (this.rejections.get(method) ?? 0) + count);
  }

  /**
   * The next `count` typed-data signatures of this primary type are declined as the user would:
   * `ClobAuth` is the session key's signature, `Order` an order's.
   */
  rejectNextTyped(primaryType: 'ClobAuth' | 'Order', count = 1): void {
    const key = `eth_signTypedData_v4:${primaryType}`;
    this.rejections.set(key, (this.rejections.get(key) ?? 0) + count);
  }

  /** How many typed-data signatures of this primary type the page asked for. */
  typedCountOf(primaryType: string): number {
    return this.requests.filter(
      (r) =>
        r.method === 'eth_signTypedData_v4' &&
        (JSON.parse(r.params[1] as string) as { primaryType: string }).primaryType === primaryType,
    ).length;
  }

  /** A locked wallet reports no accounts and refuses to sign (4100) until unlocked. */
  setLocked(locked: boolean): void {
    this.locked = locked;
  }

  /** Switches the chain from the wallet's side, as a person would in the extension. */
  async switchChainFromWallet(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.page?.evaluate(
      (hex) =>
        (window as unknown as { __testWallet: { emit(e: string, p: unknown): void } }).__testWallet.emit(
          'chainChanged',
          hex,
        ),
      numberToHex(chainId),
    );
  }

  countOf(method: string): number {
    return this.requests.filter((r) => r.method === method).length;
  }

  private takeRejection(method: string): boolean {
    const left = this.rejections.get(method) ?? 0;
    if (left <= 0) return false;
    this.rejections.set(method, left - 1);
    return true;
  }

  private accounts(): string[] {
    return this.connected && !this.locked ? [this.address] : [];
  }

  private async handle(request: WalletRequest): Promise<Reply> {
    const { method } = request;
    const params = request.params ?? [];
    this.requests.push({ method, params });
    if (this.takeRejection(method)) return { error: USER_REJECTED };
    if (method === 'eth_signTypedData_v4') {
      const { primaryType } = JSON.parse(params[1] as string) as { primaryType: string };
      if (this.takeRejection(`${method}:${primaryType}`)) return { error: USER_REJECTED };
    }
    try {
      return await this.answer(method, params);
    } catch (err) {
      return { error: { code: -32603, message: err instanceof Error ? err.message : String(err) } };
    }
  }

  private async answer(method: string, params: unknown[]): Promise<Reply> {
    switch (method) {
      case 'eth_chainId':
        return { result: numberToHex(this.chainId) };
      case 'net_version':
        return { result: String(this.chainId) };
      case 'eth_accounts':
        return { result: this.accounts() };
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        if (this.locked) return { error: USER_REJECTED };
        const wasConnected = this.connected;
        this.connected = true;
        const events: Reply['events'] = wasConnected ? [] : [['accountsChanged', [this.address]]];
        if (method === 'eth_requestAccounts') return { result: [this.address], events };
        return {
          result: [
            {
              parentCapability: 'eth_accounts',
              caveats: [{ type: 'restrictReturnedAccounts', value: [this.address] }],
            },
          ],
          events,
        };
      }
      case 'wallet_getPermissions':
        return {
          result: this.connected
            ? [
                {
                  parentCapability: 'eth_accounts',
                  caveats: [{ type: 'restrictReturnedAccounts', value: [this.address] }],
                },
              ]
            : [],
        };
      case 'wallet_revokePermissions':
        this.connected = false;
        return { result: null, events: [['accountsChanged', []]] };
      case 'wallet_switchEthereumChain': {
        const { chainId } = params[0] as { chainId: Hex };
        const next = Number.parseInt(chainId, 16);
        const changed = next !== this.chainId;
        this.chainId = next;
        return { result: null, events: changed ? [['chainChanged', numberToHex(next)]] : [] };
      }
      case 'eth_signTypedData_v4': {
        if (this.locked || !this.connected)
          return { error: { code: 4100, message: 'The wallet is locked.' } };
        const [from, json] = params as [string, string];
        if (!isAddressEqual(getAddress(from), this.address))
          return { error: { code: 4100, message: 'Unknown account.' } };
        return { result: await this.account.signTypedData(typedDataFromJson(json)) };
      }
      case 'personal_sign': {
        if (this.locked || !this.connected)
          return { error: { code: 4100, message: 'The wallet is locked.' } };
        const [message] = params as [Hex];
        return { result: await this.account.signMessage({ message: { raw: message } }) };
      }
      default:
        return { error: { code: 4200, message: `The test wallet does not support ${method}.` } };
    }
  }
}

export async function installTestWallet(page: Page, options: TestWalletOptions = {}): Promise<TestWallet> {
  return new TestWallet(options).install(page);
}

type TypedField = { name: string; type: string };

/**
 * eth_signTypedData_v4 sends JSON: `types` includes EIP712Domain (viem derives it itself) and
 * integers arrive as decimal strings, which viem's encoder wants as bigint.
 */
export function typedDataFromJson(json: string): TypedDataDefinition {
  const data = JSON.parse(json) as {
    domain: Record<string, unknown>;
    types: Record<string, TypedField[]>;
    primaryType: string;
    message: Record<string, unknown>;
  };
  const { EIP712Domain: _domain, ...types } = data.types;
  const convert = (type: string, value: unknown): unknown => {
    if (type.endsWith('[]') && Array.isArray(value)) return value.map((v) => convert(type.slice(0, -2), v));
    if (/^u?int\d*$/.test(type) && (typeof value === 'string' || typeof value === 'number'))
      return BigInt(value);
    const struct = types[type];
    if (struct && value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(struct.map((f) => [f.name, convert(f.type, record[f.name])]));
    }
    return value;
  };
  const domain = { ...data.domain };
  if (domain.chainId !== undefined) domain.chainId = Number(domain.chainId);
  return {
    domain,
    types,
    primaryType: data.primaryType,
    message: convert(data.primaryType, data.message) as Record<string, unknown>,
  } as unknown as TypedDataDefinition;
}

interface PageProviderArgs {
  binding: string;
  info: { uuid: string; name: string; icon: string; rdns: string };
  announce: boolean;
  injectWindowEthereum: boolean;
}

/** Runs in the page before any of its scripts (serialised by addInitScript: no closures). */
function pageProvider({ binding, info, announce, injectWindowEthereum }: PageProviderArgs): void {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  const call = (window as unknown as Record<string, (r: unknown) => Promise<Reply>>)[binding]!;
  const provider = {
    isTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const reply = await call({ method, params: params ?? [] });
      // Emit after the answer, as wallets do: the caller sees the result, then the change.
      for (const [event, payload] of reply.events ?? []) queueMicrotask(() => emit(event, payload));
      if (reply.error) {
        const error = new Error(reply.error.message) as Error & { code: number };
        error.code = reply.error.code;
        throw error;
      }
      return reply.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  Object.defineProperty(window, '__testWallet', { value: { emit }, configurable: false });
  if (injectWindowEthereum)
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
  if (announce) {
    const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
    const announceProvider = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announceProvider);
    announceProvider();
  }
}
