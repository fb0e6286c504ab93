import { data } from "react-router";

// Work in progress: this resource is being built.
export function loader() {
  throw data(null, { status: 404 });
}
