import { servicesContext } from "~/context";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import type { Route } from "./+types/not-found";
import { answerUnknownAddress } from "./unknown-address.server";

export const handle = { ...readerPageHandle, cache: false, answersOldAddresses: true } satisfies RouteHandle;

/** Any URL no other route matches: an old address that moved answers 301, anything else 404 (unknown-address.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answerUnknownAddress(request, context.get(servicesContext).oldAddresses);
}

export default function NotFound() {
  return null;
}
