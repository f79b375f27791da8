import { useUserStore } from '../../stores/user-store';
import { DEFAULT_CURRENCY } from './format';

/** The currency code of `userConfig` JSON (`{"currency": "EUR"}`), or the default. */
export function currencyOfConfig(userConfig: string | null): string {
  if (userConfig === null || userConfig === '') return DEFAULT_CURRENCY;
  try {
    const parsed: unknown = JSON.parse(userConfig);
    const config: unknown = Array.isArray(parsed) ? (parsed as unknown[])[0] : parsed;
    if (config !== null && typeof config === 'object' && 'currency' in config) {
      const currency = config.currency;
      if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) return currency;
    }
  } catch {
    // A config that is not JSON names no currency.
  }
  return DEFAULT_CURRENCY;
}

/** The currency money is shown in for the signed-in user: their config's `currency`, else USD. */
export function useCurrency(): string {
  return currencyOfConfig(useUserStore((state) => state.userConfig));
}
