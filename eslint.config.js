import js from "@eslint/js";
import playwright from "eslint-plugin-playwright";
import vitest from "@vitest/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tests/.tmp/",
      "data/",
      ".stryker-tmp/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn"] }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Browser code must never import server-only modules (React Router's build also refuses them).
    files: ["app/components/**", "app/islands/**", "app/utils/**", "app/validation/**", "app/emails/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "\\.server(\\.tsx?)?$", allowTypeImports: true, message: "Browser code must not import *.server modules." },
          ],
        },
      ],
    },
  },
  // The layers of app/ and server/ (what may import what, and no import circle) are checked by dependency-cruiser
  // (.dependency-cruiser.cjs), which `npm run lint` runs after ESLint.
  {
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "no-console": "off" },
  },
  {
    // A Vitest test without an assertion passes whatever the code does.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { vitest },
    rules: {
      "vitest/expect-expect": ["error", { assertFunctionNames: ["expect", "expect*", "assert*"] }],
    },
  },
  {
    // The same for a Playwright spec: its own plugin knows `test`, `test.step` and `expect.poll`/`expect.soft`.
    files: ["tests/e2e/**/*.spec.ts"],
    plugins: { playwright },
    rules: {
      "playwright/expect-expect": ["error", { assertFunctionNames: ["expect*", "assert*"] }],
    },
  },
);
