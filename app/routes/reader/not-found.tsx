import { data } from "react-router";
import { readerPageHandle } from "~/route-handle";

export const handle = readerPageHandle;

/** Any URL no other route matches: a real 404, shown by the root error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
