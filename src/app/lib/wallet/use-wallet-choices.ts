import { useEffect, useState } from 'react';
import { type Connector, useConnectors } from 'wagmi';

export interface WalletChoice {
  connector: Connector;
  name: string;
  /** EIP-6963 data URI icon, when the wallet announced one. */
  icon?: string | undefined;
}

/**
 * The wallets a person can pick: every EIP-6963 announcement (name and icon), WalletConnect when
 * configured, and the plain injected provider (`window.ethereum`) only when it exists and is not
 * one of the announced wallets again under a generic name.
 */
export function useWalletChoices(): { choices: WalletChoice[]; ready: boolean } {
  const connectors = useConnectors();
  const [state, setState] = useState<{ choices: WalletChoice[]; ready: boolean }>({
    choices: [],
    ready: false,
  });

  useEffect(() => {
    let cancelled = false;
    const providerOf = (connector: Connector) =>
      connector.type === 'injected'
        ? connector.getProvider().catch(() => undefined)
        : Promise.resolve(undefined);
    void Promise.all(
      connectors.map(async (connector) => ({ connector, provider: await providerOf(connector) })),
    ).then((found) => {
      if (cancelled) return;
      const isPlainInjected = (c: Connector) => c.type === 'injected' && c.id === 'injected';
      const announced = new Set(found.filter((f) => !isPlainInjected(f.connector)).map((f) => f.provider));
      const choices = found
        .filter(({ connector, provider }) =>
          isPlainInjected(connector) ? provider !== undefined && !announced.has(provider) : true,
        )
        .map(({ connector }) => ({
          connector,
          name: isPlainInjected(connector) ? 'Browser wallet' : connector.name,
          icon: safeIcon(connector.icon),
        }));
      setState({ choices, ready: true });
    });
    return () => {
      cancelled = true;
    };
  }, [connectors]);

  return state;
}

/** EIP-6963 icons must be data URIs; anything else (a tracking URL…) is not shown. */
export function safeIcon(icon: string | undefined): string | undefined {
  return icon && /^data:image\/(svg\+xml|png|webp|jpeg|gif)[;,]/.test(icon) ? icon : undefined;
}

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
