import { useNonce } from "./nonce";

/** Structured data for search engines. `<` is escaped so no text can close the script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: json }} />;
}
