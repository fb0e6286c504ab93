import { data } from "react-router";

// Work in progress: this page is being built.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}
