export * from "./authors";
export * from "./articles";
export * from "./newsletter-subscribers";
export * from "./admins";
export * from "./rate-limits";
export * from "./generation-jobs";
export * from "./newsletter-issues";
export * from "./related-articles";
