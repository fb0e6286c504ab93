import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

/** Carries the response's CSP nonce from the server entry to the document's inline scripts. */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The CSP nonce on the server; empty in the browser, where the scripts already ran. */
export function useNonce(): string {
  return useContext(NonceContext);
}
