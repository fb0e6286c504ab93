import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The explicit route table. Reader pages, admin tabs, auth and resource routes each live in their own folder.
export default [
  index("routes/reader/home.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("*", "routes/reader/not-found.tsx"),
] satisfies RouteConfig;
