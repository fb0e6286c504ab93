import { createContext, useContext, type ReactNode } from "react";

interface DocumentValues {
  nonce: string;
  /** The address of the reader pages' islands script (decision 016); empty in the browser. */
  islandsSrc: string;
}

const DocumentContext = createContext<DocumentValues>({ nonce: "", islandsSrc: "" });

/** Carries the response's CSP nonce and the islands script's address from the server entry to the document. */
export function NonceProvider({ nonce, islandsSrc, children }: DocumentValues & { children: ReactNode }) {
  return <DocumentContext.Provider value={{ nonce, islandsSrc }}>{children}</DocumentContext.Provider>;
}

/** The CSP nonce on the server; empty in the browser, where the scripts already ran. */
export function useNonce(): string {
  return useContext(DocumentContext).nonce;
}

/** The islands script's address on the server. */
export function useIslandsSrc(): string {
  return useContext(DocumentContext).islandsSrc;
}
